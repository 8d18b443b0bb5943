// Constants from the schema-free file: farm-log.types would bring zod into the farm home.
import { FARM_LOG_LEVELS, FARM_LOG_SOURCES } from '@tilth/contracts/farm-log.constants';

export {
  FARM_LOG_DESCRIPTION_MAX,
  FARM_LOG_LEVELS,
  FARM_LOG_PICTURES_MAX,
  FARM_LOG_SOURCES,
  FARM_LOG_TITLE_MAX,
} from '@tilth/contracts/farm-log.constants';

export const FARM_LOG_CODES = {
  create: 'wfpf.farm.farm.log.ps.create',
  edit: 'wfpf.farm.farm.log.ps.edit',
  delete: 'wfpf.farm.farm.log.ps.delete',
} as const;

/** Tag colours of the levels: routine green, warning orange, emergency red. */
export const LEVEL_COLOR: Record<string, string> = {
  daily: 'green',
  warning: 'orange',
  emergency: 'red',
};

export const isLevel = (v: string): v is (typeof FARM_LOG_LEVELS)[number] =>
  (FARM_LOG_LEVELS as readonly string[]).includes(v);
export const isSource = (v: string): v is (typeof FARM_LOG_SOURCES)[number] =>
  (FARM_LOG_SOURCES as readonly string[]).includes(v);

/** A first check in the browser; the server checks the content itself (ARCHITECTURE §7). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file is refused before upload, or null when it may go. */
export const pictureProblem = (file: { type: string; size: number }): 'type' | 'size' | null => {
  if (!PICTURE_TYPES.includes(file.type)) return 'type';
  if (file.size > PICTURE_MAX_BYTES) return 'size';
  return null;
};
