// Import order matters: the global L must exist before Geoman's script runs.
import './leafletGlobal';
import '@geoman-io/leaflet-geoman-free';

/** Loaded only by screens that draw (the plot page), so the map page stays lighter. */
export const GEOMAN_READY = true;
