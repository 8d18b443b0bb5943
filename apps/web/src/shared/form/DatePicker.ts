import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import type { GenerateConfig } from '@rc-component/picker/generate/index';
import generateCalendar from 'antd/es/calendar/generateCalendar';
import generatePicker from 'antd/es/date-picker/generatePicker';
import type { Dayjs } from 'dayjs';
import { nowInZone } from '../format/time';

// Every date picker of the console: Ant Design's over dayjs, except that "now" (the today cell, the
// "today"/"now" buttons, the panel first opened) is the tenant's wall clock, not the browser's (ADR 0010).
// Values are wall dayjs (shared/format/time.ts): fromInstant/nowInZone in, toInstant/toWallText/toDay out.
// The same @rc-component/picker config antd's own DatePicker is built from (antd's dependency).

const tenantClock: GenerateConfig<Dayjs> = { ...dayjsGenerateConfig, getNow: nowInZone };

export const DatePicker = generatePicker<Dayjs>(tenantClock);
export const RangePicker = DatePicker.RangePicker;

/** A month calendar whose today cell is the tenant's today. */
export const Calendar = generateCalendar<Dayjs>(tenantClock);
