/**
 * School grades and classes in both interface languages. The profile stores the name chosen in the
 * language of the moment; anything that shows it again shows the same grade or class in the current one.
 */
import type { Lang } from '../../manifest/app'

export const GRADES: Record<Lang, readonly string[]> = {
  'zh-Hans': ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三'],
  en: ['Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5', 'Grade 6', 'Grade 7', 'Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12'],
}

const CLASS_COUNT = 30
export const classNames = (lang: Lang): string[] => Array.from({ length: CLASS_COUNT }, (_, i) => (lang === 'zh-Hans' ? `${i + 1}班` : `Class ${i + 1}`))

/** The index of a stored grade or class in either language's list (-1 = none). */
export function indexIn(lists: readonly (readonly string[])[], value: string): number {
  for (const list of lists) {
    const i = list.indexOf(value)
    if (i >= 0) return i
  }
  return -1
}

/** A stored grade in the given language; a name from neither list is shown as it was typed. */
export function gradeIn(lang: Lang, stored: string): string {
  return GRADES[lang][indexIn([GRADES['zh-Hans'], GRADES.en], stored)] ?? stored
}

/** A stored class in the given language; a name from neither list is shown as it was typed. */
export function classIn(lang: Lang, stored: string): string {
  return classNames(lang)[indexIn([classNames('zh-Hans'), classNames('en')], stored)] ?? stored
}

/** A "grade class" line as the server writes it (e.g. "七年级 2班"), each known part in the given language. */
export function classLineIn(lang: Lang, line: string): string {
  return line
    .split(' ')
    .map((part) => classIn(lang, gradeIn(lang, part)))
    .join(' ')
}
