/** Improve's own words (the field messages it shares with the other sign-in forms are in i18n/formTexts.ts). */
import { defineTexts } from '../../i18n/texts'

export const improveTexts = defineTexts(
  {
    leadNew: '完善资料后即可开始阅读',
    leadEdit: '修改你的资料',
    name: '姓名',
    namePlaceholder: '你的真实姓名',
    grade: '年级',
    className: '班级',
    choose: '请选择',
    birth: '出生年月',
    birthHint: '只需年和月。未满 14 周岁需要家长同意后才能公开分享',
    orgCode: '机构代码',
    orgPlaceholder: '学校或机构提供的代码，如 DEMO',
    invite: '邀请码（选填）',
    invitePlaceholder: '好友的邀请码',
    inviteUnknown: '没有找到这个邀请码，请检查是否输入正确；不填也可以完成',
    inviteFrom: '来自 {name} 的邀请',
    inviteKnown: '邀请码有效',
    orgJoined: '学校或机构',
    orgJoinedHint: '随 {name} 的邀请加入',
    orgJoinedHintAnon: '随邀请加入',
    orgChange: '更改',
    chooseRequired: '请选择{what}',
    submit: '完成',
    save: '保存',
    done: '资料已保存',
    pending: '待同步：修改已保存在这台设备上，连上网络后会自动同步',
    refused: '资料没有同步成功：{why}',
    resend: '重新同步',
    discard: '放弃这次修改',
    none: '请先登录',
    /** Signed in, the page edits a profile that is already complete: it is titled for that. */
    editTitle: '编辑资料',
  },
  () => import('./texts.en'),
)
