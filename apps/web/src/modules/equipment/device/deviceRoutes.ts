// The console pages of the device type registry (contracts device-types.ts, spec 02 §2, spec 01 §2.3),
// all served by one page component; ../routes.ts turns them into the equipment domain's pages. Kept as plain strings so the route table does not pull the whole
// registry into the sign-in bundle; deviceRoutes.test.ts keeps this list equal to the registry.
// Cameras are not here: their screens are the next issue.

/** [route, type key, view code when it is not the route's own]. */
export const DEVICE_TYPE_ROUTES: readonly (readonly [path: string, typeKey: string, code?: string])[] = [
  ['/web/equipment/pest', 'pest-station'],
  ['/web/equipment/plantLight', 'forecast-lamp'],
  ['/web/equipment/spore', 'spore-meter'],
  ['/web/equipment/weatherStations', 'weather-station'],
  ['/web/equipment/tubularmoisture', 'tubular-soil'],
  ['/web/equipment/soilmoisture', 'soil-moisture'],
  ['/web/equipment/water-quality', 'water-quality'],
  ['/web/equipment/lorawan-node', 'lorawan-node'],
  // Spec 02 §2 names the LoRaWAN node page /web/equipment/lora.
  ['/web/equipment/lora', 'lorawan-node', 'wfpf.farm.equipment.lorawan-node'],
  ['/web/equipment/composiTachometer', 'flow-meter'],
  ['/web/equipment/pest-lamp', 'pest-lamp'],
  ['/web/equipment/transducer', 'inverter'],
  ['/web/equipment/waterFertilizer', 'water-fertilizer'],
  ['/web/equipment/inject-fertilizer', 'inject-fertilizer'],
  ['/web/equipment/gateway', 'gateway'],
  ['/web/equipment/lora-gateway', 'lora-4g'],
  ['/web/equipment/lorawan-gateway', 'lorawan-gateway'],
  ['/web/equipment/acquisition-control', 'acquisition-control'],
  ['/web/equipment/aerator', 'aerator'],
  ['/web/equipment/electric-valve', 'electric-valve'],
  ['/web/equipment/value-regulated', 'sluice-gate'],
  ['/web/equipment/networkPower', 'network-power'],
  ['/web/equipment/screenManagement', 'led-screen'],
  ['/web/equipment/robotic-arm', 'robotic-arm'],
  ['/web/equipment/seeding', 'seeder'],
  ['/web/equipment/farmmachinery', 'farm-machine'],
];
