import L from 'leaflet';

// Geoman is a classic plugin that extends the global `L`; this module runs before it (see geoman.ts).
(globalThis as { L?: typeof L }).L = L;
