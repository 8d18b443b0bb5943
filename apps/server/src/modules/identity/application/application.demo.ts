import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { ApplicationService } from './application.service.js';

/**
 * The demo tenant's application (issue 13 item 6): a read-only weather-station integrator. Its secret was
 * answered once at seeding and thrown away, so nobody knows it; rotating it in the console shows a new one.
 */
export const seedApplications: DemoExtras = async (database, ids) => {
  const apps = new ApplicationService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    await apps.create(demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0), {
      name: '气象数据对接 / Weather data link',
      description: '只读：基地、地块与设备数据。Read only: bases, plots and devices.',
      scopes: ['wfpf.farm.farm.base', 'wfpf.farm.farm.land', 'wfpf.company.system.deviceManager'],
      expiresAt: null,
      ipAllowList: ['10.0.0.0/8', '2001:db8::/32'],
    });
  });
};
