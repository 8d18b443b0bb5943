import { defineErrors } from '../../../platform/errors.js';

export const LandErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.land.notFound',
    message: { 'zh-CN': '地块不存在或已被删除', 'en-US': 'No such plot, or it was deleted' },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.land.nameExists',
    message: {
      'zh-CN': '该基地下已存在名为“{name}”的地块',
      'en-US': 'A plot named "{name}" already exists in this base',
    },
  },
  numExists: {
    status: 409,
    code: 'wfpf.land.numExists',
    message: {
      'zh-CN': '地块编码“{num}”已存在',
      'en-US': 'A plot with the code "{num}" already exists',
    },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.land.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  boundaryPosition: {
    status: 400,
    code: 'wfpf.land.boundaryInvalid',
    message: {
      'zh-CN': 'boundary：第 {ring} 个环的坐标超出范围（经度 -180..180，纬度 -90..90）',
      'en-US': 'boundary: {detail}',
    },
  },
  boundaryTooFewPositions: {
    status: 400,
    code: 'wfpf.land.boundaryInvalid',
    message: {
      'zh-CN': 'boundary：第 {ring} 个环至少需要 3 个不同的点',
      'en-US': 'boundary: {detail}',
    },
  },
  boundaryTooManyPositions: {
    status: 400,
    code: 'wfpf.land.boundaryInvalid',
    message: {
      'zh-CN': 'boundary：边界最多 {max} 个点',
      'en-US': 'boundary: {detail}',
    },
  },
  boundaryNoArea: {
    status: 400,
    code: 'wfpf.land.boundaryInvalid',
    message: {
      'zh-CN': 'boundary：地块边界面积为零',
      'en-US': 'boundary: {detail}',
    },
  },
  boundaryTooLarge: {
    status: 400,
    code: 'wfpf.land.boundaryInvalid',
    message: {
      'zh-CN': 'boundary：地块面积过大（不超过 10000 平方公里）',
      'en-US': 'boundary: {detail}',
    },
  },
  inUse: {
    status: 409,
    code: 'wfpf.land.inUse',
    message: {
      'zh-CN': '该地块上有正在种养的批次“{batch}”，请先结束该批次',
      'en-US': 'The batch "{batch}" is growing on this plot; end it first',
    },
  },
  usageInUse: {
    status: 409,
    code: 'wfpf.land.usageInUse',
    message: {
      'zh-CN': '该地块上正在种养的批次与新的用途不符，请先结束该批次',
      'en-US': 'landUsage: the batch growing on this plot does not fit the new usage; end it first',
    },
  },
});
