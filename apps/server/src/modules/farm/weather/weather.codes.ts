import type { WeatherNow } from '@tilth/contracts/weather.types';

type Text = WeatherNow['text'];

// WMO weather interpretation codes (WW), as Open-Meteo and most services report them.
const CODES: Record<number, Text> = {
  0: { 'zh-CN': '晴', 'en-US': 'Clear sky' },
  1: { 'zh-CN': '晴间多云', 'en-US': 'Mainly clear' },
  2: { 'zh-CN': '多云', 'en-US': 'Partly cloudy' },
  3: { 'zh-CN': '阴', 'en-US': 'Overcast' },
  45: { 'zh-CN': '雾', 'en-US': 'Fog' },
  48: { 'zh-CN': '雾凇', 'en-US': 'Depositing rime fog' },
  51: { 'zh-CN': '小毛毛雨', 'en-US': 'Light drizzle' },
  53: { 'zh-CN': '毛毛雨', 'en-US': 'Drizzle' },
  55: { 'zh-CN': '大毛毛雨', 'en-US': 'Dense drizzle' },
  56: { 'zh-CN': '冻毛毛雨', 'en-US': 'Freezing drizzle' },
  57: { 'zh-CN': '强冻毛毛雨', 'en-US': 'Dense freezing drizzle' },
  61: { 'zh-CN': '小雨', 'en-US': 'Light rain' },
  63: { 'zh-CN': '中雨', 'en-US': 'Moderate rain' },
  65: { 'zh-CN': '大雨', 'en-US': 'Heavy rain' },
  66: { 'zh-CN': '冻雨', 'en-US': 'Freezing rain' },
  67: { 'zh-CN': '强冻雨', 'en-US': 'Heavy freezing rain' },
  71: { 'zh-CN': '小雪', 'en-US': 'Light snow' },
  73: { 'zh-CN': '中雪', 'en-US': 'Moderate snow' },
  75: { 'zh-CN': '大雪', 'en-US': 'Heavy snow' },
  77: { 'zh-CN': '雪粒', 'en-US': 'Snow grains' },
  80: { 'zh-CN': '小阵雨', 'en-US': 'Light showers' },
  81: { 'zh-CN': '阵雨', 'en-US': 'Showers' },
  82: { 'zh-CN': '强阵雨', 'en-US': 'Violent showers' },
  85: { 'zh-CN': '阵雪', 'en-US': 'Snow showers' },
  86: { 'zh-CN': '强阵雪', 'en-US': 'Heavy snow showers' },
  95: { 'zh-CN': '雷阵雨', 'en-US': 'Thunderstorm' },
  96: { 'zh-CN': '雷阵雨伴有冰雹', 'en-US': 'Thunderstorm with hail' },
  99: { 'zh-CN': '强雷阵雨伴有冰雹', 'en-US': 'Thunderstorm with heavy hail' },
};

/** The weather text of a WMO code in both languages; unknown codes say so rather than guess. */
export const weatherText = (code: number): Text =>
  CODES[code] ?? { 'zh-CN': '未知天气', 'en-US': 'Unknown weather' };
