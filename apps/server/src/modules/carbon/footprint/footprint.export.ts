import { existsSync } from 'node:fs';
import type { CarbonMonitor } from '@tilth/contracts/carbon.types';
import PDFDocument from 'pdfkit';
import { buildWorkbook, sheet } from '../../iot/report/index.js';

// The dashboard's report (issue 18 item 7) as .xlsx and .pdf: the same figures, then the calculation lines.

type Lang = 'zh-CN' | 'en-US';

const WORDS = {
  'zh-CN': {
    title: '碳排放报告',
    year: '年度',
    region: '电网区域',
    emissions: '排放 (kgCO2e)',
    removals: '碳汇 (kgCO2e)',
    net: '净排放 (kgCO2e)',
    totals: '合计',
    bySource: '按来源',
    byStage: '按生命周期阶段',
    byBase: '按基地',
    byBatch: '按批次',
    byMonth: '按月',
    lines: '计算明细',
    source: '来源',
    stage: '阶段',
    name: '名称',
    month: '月份',
    date: '日期',
    activity: '活动数据',
    unit: '单位',
    factor: '排放因子',
    formula: '算式',
    result: '结果 (kgCO2e)',
    factorSource: '因子出处',
    perKg: '单位产品 (kgCO2e/kg)',
    harvest: '收获量 (kg)',
    more: '其余 {n} 行见 Excel 报告',
  },
  'en-US': {
    title: 'Carbon report',
    year: 'Year',
    region: 'Grid region',
    emissions: 'Emissions (kgCO2e)',
    removals: 'Removals (kgCO2e)',
    net: 'Net (kgCO2e)',
    totals: 'Totals',
    bySource: 'By source',
    byStage: 'By life-cycle stage',
    byBase: 'By base',
    byBatch: 'By batch',
    byMonth: 'By month',
    lines: 'Calculation lines',
    source: 'Source',
    stage: 'Stage',
    name: 'Name',
    month: 'Month',
    date: 'Date',
    activity: 'Activity',
    unit: 'Unit',
    factor: 'Factor',
    formula: 'Formula',
    result: 'Result (kgCO2e)',
    factorSource: 'Factor source',
    perKg: 'Per kg (kgCO2e/kg)',
    harvest: 'Harvest (kg)',
    more: '{n} more lines are in the Excel report',
  },
} as const;

const SOURCE_NAMES: Record<string, Record<Lang, string>> = {
  fertilizer_n2o_direct: { 'zh-CN': '施肥 N2O（直接）', 'en-US': 'Fertiliser N2O, direct' },
  fertilizer_n2o_indirect: { 'zh-CN': '施肥 N2O（间接）', 'en-US': 'Fertiliser N2O, indirect' },
  fertilizer_manufacture: { 'zh-CN': '化肥生产', 'en-US': 'Fertiliser manufacture' },
  electricity: { 'zh-CN': '设备用电', 'en-US': 'Device electricity' },
  fuel: { 'zh-CN': '农机燃油', 'en-US': 'Machinery fuel' },
  manual: { 'zh-CN': '手工登记', 'en-US': 'Manual entries' },
};
const STAGE_NAMES: Record<string, Record<Lang, string>> = {
  planting: { 'zh-CN': '种植', 'en-US': 'Planting' },
  processing: { 'zh-CN': '加工', 'en-US': 'Processing' },
  storage: { 'zh-CN': '仓储', 'en-US': 'Storage' },
  transport_sales: { 'zh-CN': '运输销售', 'en-US': 'Transport and sales' },
  usage: { 'zh-CN': '使用', 'en-US': 'Usage' },
  scrap: { 'zh-CN': '废弃', 'en-US': 'Scrap' },
};

const num = (s: string | null): number | null => (s == null ? null : Number(s));

export const reportXlsx = async (m: CarbonMonitor, year: number, lang: Lang): Promise<Buffer> => {
  const w = WORDS[lang];
  const pre = [`${w.title} ${year}`, `${w.region}: ${m.gridRegion}`];
  return buildWorkbook([
    sheet({
      name: w.totals,
      preamble: pre,
      columns: [
        { header: w.emissions, value: () => num(m.totals.emissions), numFmt: '#,##0.00' },
        { header: w.removals, value: () => num(m.totals.removals), numFmt: '#,##0.00' },
        { header: w.net, value: () => num(m.totals.net), numFmt: '#,##0.00' },
      ],
      rows: [m.totals],
    }),
    sheet({
      name: w.bySource,
      columns: [
        { header: w.source, value: (r) => SOURCE_NAMES[r.source]?.[lang] ?? r.source, width: 24 },
        { header: w.net, value: (r) => num(r.kgCo2e), numFmt: '#,##0.00' },
      ],
      rows: m.bySource,
    }),
    sheet({
      name: w.byStage,
      columns: [
        { header: w.stage, value: (r) => STAGE_NAMES[r.stage]?.[lang] ?? r.stage, width: 20 },
        { header: w.emissions, value: (r) => num(r.emissions), numFmt: '#,##0.00' },
        { header: w.removals, value: (r) => num(r.removals), numFmt: '#,##0.00' },
      ],
      rows: m.byStage,
    }),
    sheet({
      name: w.byBase,
      columns: [
        { header: w.name, value: (r) => r.name, width: 24 },
        { header: w.emissions, value: (r) => num(r.emissions), numFmt: '#,##0.00' },
        { header: w.removals, value: (r) => num(r.removals), numFmt: '#,##0.00' },
        { header: w.net, value: (r) => num(r.net), numFmt: '#,##0.00' },
      ],
      rows: m.byBase,
    }),
    sheet({
      name: w.byBatch,
      columns: [
        { header: w.name, value: (r) => r.name, width: 24 },
        { header: w.net, value: (r) => num(r.net), numFmt: '#,##0.00' },
        { header: w.harvest, value: (r) => num(r.harvestKg), numFmt: '#,##0.0' },
        { header: w.perKg, value: (r) => num(r.kgCo2ePerKg), numFmt: '0.0000' },
      ],
      rows: m.byBatch.filter((b) => b.id != null),
    }),
    sheet({
      name: w.byMonth,
      columns: [
        { header: w.month, value: (r) => r.month },
        { header: w.emissions, value: (r) => num(r.emissions), numFmt: '#,##0.00' },
        { header: w.removals, value: (r) => num(r.removals), numFmt: '#,##0.00' },
      ],
      rows: m.byMonth,
    }),
    sheet({
      name: w.lines,
      columns: [
        { header: w.date, value: (r) => r.date },
        { header: w.source, value: (r) => SOURCE_NAMES[r.source]?.[lang] ?? r.source, width: 20 },
        { header: w.stage, value: (r) => STAGE_NAMES[r.stage]?.[lang] ?? r.stage },
        { header: w.activity, value: (r) => r.activity.label, width: 36 },
        { header: w.unit, value: (r) => `${r.activity.amount} ${r.activity.unit}` },
        { header: w.factor, value: (r) => `${r.factor.name} ${r.factor.value} ${r.factor.unit}`, width: 36 },
        { header: w.formula, value: (r) => r.formula, width: 48 },
        {
          header: w.result,
          value: (r) => (r.kind === 'removal' ? -1 : 1) * Number(r.kgCo2e),
          numFmt: '#,##0.0000',
        },
        { header: w.factorSource, value: (r) => r.factor.source, width: 60 },
      ],
      rows: m.lines,
    }),
  ]);
};

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** Lines the PDF prints (the workbook has them all): keeps the file and its time bounded. */
const PDF_LINES_MAX = 300;

export const reportPdf = (m: CarbonMonitor, year: number, lang: Lang): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const w = WORDS[lang];
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: { Title: `${w.title} ${year}`, Producer: 'Tilth' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    // Chinese text needs a CJK font; without fonts-noto-cjk the report is still made (Helvetica, Latin only).
    if (existsSync(CJK_FONT)) doc.font(CJK_FONT, 'NotoSansCJKsc-Regular');
    doc.fontSize(18).text(`${w.title} ${year}`);
    doc.fontSize(10).text(`${w.region}: ${m.gridRegion}`).moveDown();
    doc.fontSize(12).text(w.totals);
    doc
      .fontSize(10)
      .text(
        `${w.emissions}: ${m.totals.emissions}   ${w.removals}: ${m.totals.removals}   ${w.net}: ${m.totals.net}`,
      )
      .moveDown();
    const table = (title: string, rows: string[]) => {
      doc.fontSize(12).text(title);
      doc.fontSize(9);
      for (const r of rows) doc.text(r);
      doc.moveDown();
    };
    table(
      w.bySource,
      m.bySource.map((r) => `${SOURCE_NAMES[r.source]?.[lang] ?? r.source}: ${r.kgCo2e}`),
    );
    table(
      w.byStage,
      m.byStage.map((r) => `${STAGE_NAMES[r.stage]?.[lang] ?? r.stage}: ${r.emissions} / −${r.removals}`),
    );
    table(
      w.byBase,
      m.byBase.map((r) => `${r.name || '—'}: ${r.net}`),
    );
    table(
      w.byBatch,
      m.byBatch
        .filter((b) => b.id != null)
        .map(
          (r) => `${r.name}: ${r.net} kgCO2e, ${r.harvestKg ?? '—'} kg, ${r.kgCo2ePerKg ?? '—'} kgCO2e/kg`,
        ),
    );
    table(
      w.byMonth,
      m.byMonth.map((r) => `${r.month}: ${r.emissions} / −${r.removals}`),
    );
    doc.addPage();
    doc.fontSize(12).text(w.lines);
    doc.fontSize(8);
    for (const l of m.lines.slice(0, PDF_LINES_MAX)) {
      doc.text(
        `${l.date}  ${SOURCE_NAMES[l.source]?.[lang] ?? l.source}  ${l.activity.label}: ${l.formula} = ${l.kind === 'removal' ? '−' : ''}${l.kgCo2e} kgCO2e`,
      );
      doc.fillColor('#666666').text(`    ${l.factor.name} — ${l.factor.source}`).fillColor('#000000');
    }
    if (m.lines.length > PDF_LINES_MAX)
      doc.text(w.more.replace('{n}', String(m.lines.length - PDF_LINES_MAX)));
    doc.end();
  });
