import { defineErrors } from '../../../platform/errors.js';

export const CameraErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpe.warn.camera.notFound',
    message: { 'zh-CN': '摄像头不存在或已被删除', 'en-US': 'Camera not found, or already deleted' },
  },
  /** Spec 02 §8: the console shows 'camera disabled' for this code. */
  disabled: {
    status: 403,
    code: 'wfpe.warn.camera.disable',
    message: { 'zh-CN': '摄像头已禁用', 'en-US': 'Camera disabled' },
  },
  sharedViewOnly: {
    status: 403,
    code: 'wfpe.warn.camera.viewOnly',
    message: {
      'zh-CN': '共享的摄像头仅可观看，不允许该操作',
      'en-US': 'A shared camera is view-only: camera operation not allowed',
    },
  },
  offline: {
    status: 409,
    code: 'wfpe.warn.camera.offline',
    message: { 'zh-CN': '设备未连接', 'en-US': 'Device not connected' },
  },
  noProvider: {
    status: 503,
    code: 'wfpe.warn.camera.noProvider',
    message: {
      'zh-CN': '该接入方式（{provider}）未配置',
      'en-US': 'The access method ({provider}) is not configured on this server',
    },
  },
  providerMismatch: {
    status: 400,
    code: 'wfpe.warn.camera.provider',
    message: {
      'zh-CN': 'provider：接入方式 {enter} 只能使用 {allowed}',
      'en-US': 'provider: access method {enter} uses {allowed} only',
    },
  },
  serialExists: {
    status: 409,
    code: 'wfpe.warn.camera.serialExists',
    message: {
      'zh-CN': '序列号 {serial} 的通道 {channel} 已存在',
      'en-US': 'Serial {serial} channel {channel} already exists',
    },
  },
  selectBase: {
    status: 400,
    code: 'wfpe.warn.camera.selectBase',
    message: { 'zh-CN': 'areaId：请选择基地', 'en-US': 'areaId: Please select base' },
  },
  selectLand: {
    status: 400,
    code: 'wfpe.warn.camera.selectLand',
    message: { 'zh-CN': 'landId：请选择地块', 'en-US': 'landId: Please select land' },
  },
  baseNotFound: {
    status: 404,
    code: 'wfpe.warn.camera.baseNotFound',
    message: { 'zh-CN': '基地不存在或已被删除', 'en-US': 'Base not found, or already deleted' },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpe.warn.camera.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: base not found' },
  },
  landNotFound: {
    status: 400,
    code: 'wfpe.warn.camera.landNotFound',
    message: { 'zh-CN': 'landId：地块不存在', 'en-US': 'landId: plot not found' },
  },
  landOtherBase: {
    status: 400,
    code: 'wfpe.warn.camera.landOtherBase',
    message: { 'zh-CN': 'landId：地块不属于该基地', 'en-US': 'landId: the plot is not in this base' },
  },
  gatewayNotFound: {
    status: 400,
    code: 'wfpe.warn.camera.gatewayNotFound',
    message: { 'zh-CN': 'contentratorId：网关不存在', 'en-US': 'contentratorId: gateway not found' },
  },
  presetNotFound: {
    status: 404,
    code: 'wfpe.warn.camera.presetNotFound',
    message: { 'zh-CN': '预置点不存在', 'en-US': 'Preset not found' },
  },
  presetLost: {
    status: 409,
    code: 'wfpe.warn.camera.presetLost',
    message: {
      'zh-CN': '摄像头上已没有这个预置点（可能被重置或更换），请转到该位置后重新保存',
      'en-US':
        'The camera no longer holds this preset (it may have been reset or replaced); turn it there and save it again',
    },
  },
  presetsFull: {
    status: 409,
    code: 'wfpe.warn.camera.presetsFull',
    message: { 'zh-CN': '预置点已满', 'en-US': 'No free preset index left' },
  },
  templateNotFound: {
    status: 404,
    code: 'wfpe.warn.camera.templateNotFound',
    message: { 'zh-CN': '分屏模板不存在', 'en-US': 'Split-screen template not found' },
  },
  cellsOverLayout: {
    status: 400,
    code: 'wfpe.warn.camera.cells',
    message: {
      'zh-CN': 'cells：格子序号须小于分屏数 {layout}',
      'en-US': 'cells: a cell index must be below the layout {layout}',
    },
  },
  scheduleNotFound: {
    status: 404,
    code: 'wfpe.warn.camera.scheduleNotFound',
    message: { 'zh-CN': '定时抓拍不存在', 'en-US': 'Capture schedule not found' },
  },
  shareNotFound: {
    status: 404,
    code: 'wfpe.warn.camera.shareNotFound',
    message: { 'zh-CN': '共享不存在', 'en-US': 'Share not found' },
  },
  shareTarget: {
    status: 400,
    code: 'wfpe.warn.camera.shareTarget',
    message: {
      'zh-CN': 'toTenantId：共享对象不存在或不是该企业成员',
      'en-US': 'toTenantId: no such tenant, or the user is not a member of it',
    },
  },
  shareSelf: {
    status: 400,
    code: 'wfpe.warn.camera.shareSelf',
    message: {
      'zh-CN': 'toTenantId：不能共享给本企业（请指定用户）',
      'en-US': 'toTenantId: a camera is shared to another tenant or to a user',
    },
  },
  expiryPast: {
    status: 400,
    code: 'wfpe.warn.camera.expiryPast',
    message: { 'zh-CN': 'expiresAt：到期时间须晚于现在', 'en-US': 'expiresAt: must be in the future' },
  },
  rangeOrder: {
    status: 400,
    code: 'wfpe.warn.camera.rangeOrder',
    message: {
      'zh-CN': 'to：结束时间须晚于开始时间，且不超过 {hours} 小时',
      'en-US': 'to: must be after from, and at most {hours} hours later',
    },
  },
  // Platform access (camera/platform).
  platformVersionRequired: {
    status: 400,
    code: 'wfpe.warn.camera.platform.versionRequired',
    message: {
      'zh-CN': 'objectVersionNumber：该平台已配置，请带上版本号',
      'en-US': 'objectVersionNumber: this platform is set up already; send its version',
    },
  },
  platformUnknownKey: {
    status: 400,
    code: 'wfpe.warn.camera.platform.unknownKey',
    message: {
      'zh-CN': 'config.{key}：该平台没有此设置',
      'en-US': 'config.{key}: not a setting of this platform',
    },
  },
  platformRequired: {
    status: 400,
    code: 'wfpe.warn.camera.platform.required',
    message: { 'zh-CN': 'config.{key}：必填', 'en-US': 'config.{key}: required' },
  },
  platformBadUrl: {
    status: 400,
    code: 'wfpe.warn.camera.platform.badUrl',
    message: {
      'zh-CN': 'config.{key}：须为 http(s) 地址，且不能指向本机',
      'en-US': 'config.{key}: must be an http(s) address that does not point at this machine',
    },
  },
});

export const TimelapseErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpe.warn.camera.timelapse.notFound',
    message: { 'zh-CN': '延时视频不存在或已被删除', 'en-US': 'Time-lapse not found, or already deleted' },
  },
  plotNotFound: {
    status: 404,
    code: 'wfpe.warn.camera.timelapse.plotNotFound',
    message: { 'zh-CN': '地块不存在', 'en-US': 'Plot not found' },
  },
  batchNotFound: {
    status: 404,
    code: 'wfpe.warn.camera.timelapse.batchNotFound',
    message: { 'zh-CN': '批次不存在', 'en-US': 'Batch not found' },
  },
  batchNotOnPlot: {
    status: 400,
    code: 'wfpe.warn.camera.timelapse.batchPlot',
    message: { 'zh-CN': 'batchId：该批次不在此地块上', 'en-US': 'batchId: the batch is not on this plot' },
  },
  tooFewStills: {
    status: 400,
    code: 'wfpe.warn.camera.timelapse.tooFewStills',
    message: {
      'zh-CN': 'from：所选时间段内苗情图片不足 2 张（已有 {stills} 张），请先为摄像头设置定时抓拍',
      'en-US':
        'from: fewer than 2 seedling stills in the range ({stills} found); timed captures of a camera make them',
    },
  },
  rangeOrder: {
    status: 400,
    code: 'wfpe.warn.camera.timelapse.rangeOrder',
    message: { 'zh-CN': 'to：结束日期不能早于开始日期', 'en-US': 'to: may not be before from' },
  },
  busy: {
    status: 409,
    code: 'wfpe.warn.camera.timelapse.busy',
    message: {
      'zh-CN': '已有延时视频正在生成，请等待完成后再试',
      'en-US': 'A time-lapse is already being made; try again when it is done',
    },
  },
  notReady: {
    status: 409,
    code: 'wfpe.warn.camera.timelapse.notReady',
    message: { 'zh-CN': '延时视频尚未生成完成', 'en-US': 'The time-lapse is not made yet' },
  },
  running: {
    status: 409,
    code: 'wfpe.warn.camera.timelapse.running',
    message: {
      'zh-CN': '延时视频正在生成，不能删除',
      'en-US': 'The time-lapse is being made and cannot be deleted now',
    },
  },
});
