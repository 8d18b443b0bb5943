import type { InvBusinessCreateBody } from '@tilth/contracts/inventory.base.types';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { listBusinesses } from './business.repository.js';
import { BusinessService } from './business.service.js';

const PARTIES: InvBusinessCreateBody[] = [
  {
    businessCode: 'SUP_TIANHE',
    businessName: '广东天禾农资股份有限公司',
    category: 'supplier',
    bankName: '中国工商银行广州番禺支行',
    bankAccount: '3602000109200123456',
    taxNo: '91440101MA5CXXXX1A',
    contactName: '刘志明',
    contactPhone: '13800138001',
    address: '广州市越秀区东风东路 709 号',
  },
  {
    businessCode: 'SUP_TONGWEI',
    businessName: '通威饲料南沙经销部',
    category: 'supplier',
    bankName: '中国农业银行广州南沙支行',
    bankAccount: '44050101040012345',
    taxNo: '91440115MA59YYYY2B',
    contactName: '黄志强',
    contactPhone: '13900139002',
  },
  {
    businessCode: 'CUS_QIANDAMA',
    businessName: '钱大妈生鲜配送中心',
    category: 'customer',
    contactName: '陈小燕',
    contactPhone: '13700137003',
    address: '广州市番禺区大石街 12 号',
  },
  {
    businessCode: 'CUS_JIANGNAN',
    businessName: '江南果菜批发市场李记档口',
    category: 'customer',
    contactName: '李伟',
    contactPhone: '13600136004',
  },
  {
    businessCode: 'BOTH_HUINONG',
    businessName: '番禺惠农合作社',
    category: 'both',
    bankName: '广州农村商业银行番禺支行',
    bankAccount: '05531000012345678',
    contactName: '陈建国',
    contactPhone: '13500135005',
  },
];

/** Suppliers, customers and a cooperative that is both (idempotent by code). */
export const seedInvBusinesses: DemoExtras = async (database, ids) => {
  const businesses = new BusinessService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const have = new Set(
      (await listBusinesses(tx, ids.demoTenant, {}, undefined, 0)).rows.map((b) => b.businessCode),
    );
    for (const p of PARTIES) if (!have.has(p.businessCode)) await businesses.create(ctx, p);
  });
};
