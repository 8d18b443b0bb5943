import type { OrgTreeNode } from '@tilth/contracts/organization.types';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { CorporationService } from './corporation.service.js';
import { OrganizationService } from './organization.service.js';

const flat = (nodes: OrgTreeNode[]): OrgTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/**
 * The demo tenant's tree (issue 13): 示范农场集团 → 示范农业有限公司 (legal data, a valid credit code) → its
 * bases → departments with heads and staff. Runs after the bases are seeded.
 */
export const seedOrganization: DemoExtras = async (database, ids) => {
  const org = new OrganizationService();
  const corps = new CorporationService();
  // A seeding with fewer users (tests seed the demo into the harness's tenants) leaves those heads empty.
  const { demo = 0, operator = 0, viewer = 0 } = ids.users;
  const head = (id: number) => (id > 0 ? id : null);
  const staff = (id: number) => (id > 0 ? [id] : []);
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, demo);
    const units = flat(await org.tree(ctx));
    const root = units.find((u) => u.organizationType === 'enterprise');
    if (!root) return;
    await org.update(ctx, {
      id: root.id,
      name: '示范农场集团',
      headUserId: head(demo),
      objectVersionNumber: root.objectVersionNumber,
    });
    const company = await corps.create(ctx, {
      parentId: root.id,
      name: '示范农业有限公司',
      creditCode: '91440115MA59C8RT67',
      legalRepresentative: '张建国',
      address: '广州市南沙区示范大道 1 号',
      contactName: '演示管理员',
      contactPhone: '020-88886666',
      logoUrl: null,
    });
    const bases = units.filter((u) => u.organizationType === 'area');
    for (const b of bases) {
      await org.move(ctx, { id: b.id, parentId: company.id, objectVersionNumber: b.objectVersionNumber });
    }
    const farm = bases.find((b) => b.name === '番禺示范基地') ?? bases[0];
    if (!farm) return;
    const production = await org.create(ctx, {
      name: '生产部',
      organizationType: 'department',
      parentId: farm.id,
      headUserId: head(operator),
      sort: 1,
    });
    const technology = await org.create(ctx, {
      name: '技术部',
      organizationType: 'department',
      parentId: farm.id,
      headUserId: head(viewer),
      sort: 2,
    });
    const finance = await org.create(ctx, {
      name: '财务部',
      organizationType: 'department',
      parentId: company.id,
      headUserId: head(demo),
      sort: 3,
    });
    await org.setMembers(ctx, production.id, staff(operator));
    await org.setMembers(ctx, technology.id, staff(viewer));
    await org.setMembers(ctx, finance.id, staff(demo));
  });
};
