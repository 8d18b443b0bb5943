import type { DemoExtras } from './demo.seed.js';

/** Demo rows contributed by modules beyond identity (bases, announcements, notifications…). */
export const demoExtras: DemoExtras[] = [];
