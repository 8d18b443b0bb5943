import { defineErrors } from '../../../platform/errors.js';

// Spec 03 §5 and §8 messages for tours and scenes; the console shows the server's text as it is.

export const TourErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.vr.tour.notFound',
    message: { 'zh-CN': 'VR 不存在或已被删除', 'en-US': 'No such VR tour, or it was deleted' },
  },
  sceneNotFound: {
    status: 404,
    code: 'wfpf.vr.scene.notFound',
    message: { 'zh-CN': '场景不存在或已被删除', 'en-US': 'No such scene, or it was deleted' },
  },
  coverRequired: {
    status: 400,
    code: 'wfpf.vr.tour.coverRequired',
    message: { 'zh-CN': 'VR 封面图不能为空', 'en-US': 'VR cover image cannot be empty' },
  },
  nameRequired: {
    status: 400,
    code: 'wfpf.vr.tour.nameRequired',
    message: { 'zh-CN': 'VR 名称不能为空', 'en-US': 'VR name cannot be empty' },
  },
  basesRequired: {
    status: 400,
    code: 'wfpf.vr.tour.basesRequired',
    message: { 'zh-CN': '基地列表不能为空', 'en-US': 'Base list cannot be empty' },
  },
  baseNotFound: {
    status: 400,
    code: 'wfpf.vr.tour.baseNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  fileNotOwn: {
    status: 400,
    code: 'wfpf.vr.tour.fileNotOwn',
    message: {
      'zh-CN': '{field}：只能使用本企业已上传的图片',
      'en-US': '{field}: only pictures uploaded to this company can be used',
    },
  },
  scenesTooMany: {
    status: 400,
    code: 'wfpf.vr.scene.tooMany',
    message: { 'zh-CN': '场景数量不能超过 10 个', 'en-US': 'The number of scenes cannot exceed 10' },
  },
  sceneRequired: {
    status: 400,
    code: 'wfpf.vr.scene.atLeastOne',
    message: { 'zh-CN': '至少需要保留一个场景', 'en-US': 'At least one scene is required' },
  },
  panoramaNotReady: {
    status: 400,
    code: 'wfpf.vr.scene.panoramaNotReady',
    message: {
      'zh-CN': 'panoramaId：全景图不存在、未启用或尚未处理完成',
      'en-US': 'panoramaId: no such panorama, or it is disabled or not yet processed',
    },
  },
  sceneOrder: {
    status: 400,
    code: 'wfpf.vr.scene.order',
    message: {
      'zh-CN': 'scenesIds：必须恰好列出该 VR 的全部场景',
      'en-US': "scenesIds: must list each of the tour's scenes exactly once",
    },
  },
  sceneMoved: {
    status: 400,
    code: 'wfpf.vr.scene.moved',
    message: {
      'zh-CN': 'vrId：场景不属于该 VR',
      'en-US': 'vrId: the scene does not belong to this tour',
    },
  },
  // ---- view (visualJson) ----
  visualJson: {
    status: 400,
    code: 'wfpf.vr.view.json',
    message: {
      'zh-CN': 'visualJson：视角设置不是有效的 JSON 或缺少字段',
      'en-US': 'visualJson: the view settings are not valid JSON or lack a field',
    },
  },
  fovRange: {
    status: 400,
    code: 'wfpf.vr.view.fovRange',
    message: { 'zh-CN': '视场角须在 0 到 180 之间', 'en-US': 'The field of view must be between 0 and 180' },
  },
  fovInitial: {
    status: 400,
    code: 'wfpf.vr.view.fovInitial',
    message: {
      'zh-CN': '初始视场角至少为 1，且须在最小值与最大值之间',
      'en-US': 'The initial field of view must be at least 1 and between the minimum and the maximum',
    },
  },
  vRange: {
    status: 400,
    code: 'wfpf.vr.view.vRange',
    message: {
      'zh-CN': '垂直视角及其限制须在 -90 到 90 之间',
      'en-US': 'The vertical view and its limits must be between -90 and 90',
    },
  },
  vOrder: {
    status: 400,
    code: 'wfpf.vr.view.vOrder',
    message: {
      'zh-CN': '垂直上限须低于下限，初始垂直视角须在两者之间',
      'en-US': 'The vertical top limit must be below the bottom one, with the initial view between them',
    },
  },
  hRange: {
    status: 400,
    code: 'wfpf.vr.view.hRange',
    message: {
      'zh-CN': '水平视角及其限制须在 -180 到 180 之间',
      'en-US': 'The horizontal view and its limits must be between -180 and 180',
    },
  },
  hOrder: {
    status: 400,
    code: 'wfpf.vr.view.hOrder',
    message: {
      'zh-CN': '水平左限须小于右限，初始水平视角须在两者之间',
      'en-US': 'The horizontal left limit must be below the right one, with the initial view between them',
    },
  },
  // ---- hotspots (hotSpotJson) ----
  hotspotJson: {
    status: 400,
    code: 'wfpf.vr.hotspot.json',
    message: {
      'zh-CN': 'hotSpotJson：热点不是有效的 JSON 或格式不对（{detail}）',
      'en-US': 'hotSpotJson: the hotspots are not valid JSON or not well formed ({detail})',
    },
  },
  typeRequired: {
    status: 400,
    code: 'wfpf.vr.hotspot.typeRequired',
    message: { 'zh-CN': '请选择热点类型', 'en-US': 'Please select a hotspot type' },
  },
  sceneTargetRequired: {
    status: 400,
    code: 'wfpf.vr.hotspot.sceneRequired',
    message: { 'zh-CN': '请选择切换场景', 'en-US': 'Please select a switch scene' },
  },
  deviceRequired: {
    status: 400,
    code: 'wfpf.vr.hotspot.deviceRequired',
    message: { 'zh-CN': '请选择设备', 'en-US': 'Please select a device' },
  },
  albumRequired: {
    status: 400,
    code: 'wfpf.vr.hotspot.albumRequired',
    message: { 'zh-CN': '请至少上传一张图片', 'en-US': 'Please upload at least one picture' },
  },
  albumTooMany: {
    status: 400,
    code: 'wfpf.vr.hotspot.albumTooMany',
    message: { 'zh-CN': '图集最多 20 张图片', 'en-US': 'An album holds at most 20 pictures' },
  },
  textRequired: {
    status: 400,
    code: 'wfpf.vr.hotspot.textRequired',
    message: { 'zh-CN': '请输入文本内容', 'en-US': 'Please enter text content' },
  },
  textTooLong: {
    status: 400,
    code: 'wfpf.vr.hotspot.textTooLong',
    message: { 'zh-CN': '文本内容最多 2000 个字符', 'en-US': 'The text holds at most 2000 characters' },
  },
  linkRequired: {
    status: 400,
    code: 'wfpf.vr.hotspot.linkRequired',
    message: { 'zh-CN': '请输入超链接', 'en-US': 'Please enter a hyperlink' },
  },
  linkInvalid: {
    status: 400,
    code: 'wfpf.vr.hotspot.linkInvalid',
    message: {
      'zh-CN': '请输入以 http 或 https 开头的完整链接',
      'en-US': 'Please enter a correct full link starting with http or https',
    },
  },
  titleTooLong: {
    status: 400,
    code: 'wfpf.vr.hotspot.titleTooLong',
    message: { 'zh-CN': '热点标题最多 20 个字符', 'en-US': 'The hotspot title holds at most 20 characters' },
  },
  sizeRange: {
    status: 400,
    code: 'wfpf.vr.hotspot.sizeRange',
    message: {
      'zh-CN': '图标大小须在 0 到 2 倍之间（0–100 像素）',
      'en-US': 'The icon size must be 0 to 2 times (0–100 px)',
    },
  },
  iconUnknown: {
    status: 400,
    code: 'wfpf.vr.hotspot.iconUnknown',
    message: {
      'zh-CN': '请选择热点图标或上传图标图片',
      'en-US': 'Choose one of the hotspot icons or upload an icon picture',
    },
  },
  hotspotNameTaken: {
    status: 400,
    code: 'wfpf.vr.hotspot.nameTaken',
    message: {
      'zh-CN': '热点名称“{name}”在该场景中重复',
      'en-US': 'The hotspot name "{name}" appears twice in this scene',
    },
  },
  hotspotsTooMany: {
    status: 400,
    code: 'wfpf.vr.hotspot.tooMany',
    message: { 'zh-CN': '一个场景最多 100 个热点', 'en-US': 'A scene holds at most 100 hotspots' },
  },
  sceneTargetInvalid: {
    status: 400,
    code: 'wfpf.vr.hotspot.sceneTargetInvalid',
    message: {
      'zh-CN': '切换场景须为该 VR 的另一个场景',
      'en-US': 'The switch scene must be another scene of this tour',
    },
  },
  deviceNotFound: {
    status: 400,
    code: 'wfpf.vr.hotspot.deviceNotFound',
    message: {
      'zh-CN': '所选设备不存在或类型不符',
      'en-US': 'The chosen device does not exist or is not of that type',
    },
  },
});

export type TourErrorKey = Exclude<keyof typeof TourErrors, 'defs'>;
