/**
 * The month and year of birth as the profile asks it (docs/privacy.md: no day): a month picker from
 * BIRTH_YEARS_BACK years ago to this month, the range the server accepts (contract/guardian.ts
 * `isPlausibleBirth`). Improve asks it of a new student, the guardian's page corrects it.
 */
import { BIRTH_YEARS_BACK } from '../../contract/guardian'
import { Picker } from './Picker'

export interface BirthMonthPickerProps {
  label: string
  placeholder?: string
  /** 'YYYY-MM', empty before one is picked. */
  value: string
  onChange: (value: string) => void
  /** Tests: the day the range ends at. */
  now?: Date
}

export function BirthMonthPicker({ label, placeholder, value, onChange, now = new Date() }: BirthMonthPickerProps) {
  return (
    <Picker
      mode="date"
      fields="month"
      label={label}
      placeholder={placeholder}
      value={value}
      start={`${now.getFullYear() - BIRTH_YEARS_BACK}-01`}
      end={`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`}
      onChange={onChange}
    />
  )
}
