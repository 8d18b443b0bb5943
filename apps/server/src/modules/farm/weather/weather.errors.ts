import { defineErrors } from '../../../platform/errors.js';

export const WeatherErrors = defineErrors({
  unavailable: {
    status: 503,
    code: 'wfpf.weather.unavailable',
    message: {
      'zh-CN': '天气服务暂时无法访问，暂无天气信息',
      'en-US': 'Weather is unavailable: the weather service cannot be reached right now',
    },
  },
  notConfigured: {
    status: 503,
    code: 'wfpf.weather.notConfigured',
    message: {
      'zh-CN': '天气不可用：未配置天气服务',
      'en-US': 'Weather is unavailable: no weather service is configured',
    },
  },
  noCenter: {
    status: 400,
    code: 'wfpf.weather.noCenter',
    message: {
      'zh-CN': '该基地未设置中心位置，无法查询天气，请先在基地信息中设置中心点',
      'en-US': 'This base has no centre location, so its weather cannot be looked up; set its centre first',
    },
  },
  areaNotFound: {
    status: 404,
    code: 'wfpf.weather.areaNotFound',
    message: { 'zh-CN': '基地不存在或已被删除', 'en-US': 'No such base, or it was deleted' },
  },
});
