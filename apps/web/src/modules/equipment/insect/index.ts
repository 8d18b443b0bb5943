// Pest monitoring pieces other screens show (device family panels, the pest page).
export { CanvasDrawSignPage } from './CanvasDrawSignPage';
export { PestDrawPage } from './PestDrawPage';
export { PestPhotosPanel, type PestPhotosPanelProps } from './PestPhotosPanel';
export { PestStatisticsPanel } from './PestStatisticsPanel';
export { PestTrendModal, type PestTrendModalProps } from './PestTrendModal';
