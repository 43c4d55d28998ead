import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Statement } from '@zc/shared/api/statements';
import { CSV_BOM, csvRow } from '../../platform/csv';

/**
 * A statement as a document: PDF (pdfkit with DejaVu Sans, which has every Vietnamese letter and ₫) and
 * CSV, labelled in Vietnamese or English. Amounts are the statement's own, never recomputed here: the
 * PDF's closing balance and charge total are the stored ones.
 */

export type StatementLanguage = 'vi' | 'en';

const LABELS = {
  vi: {
    title: 'SAO KÊ TÀI KHOẢN',
    organisationWallet: 'Ví của tổ chức',
    period: 'Kỳ sao kê',
    timeZone: 'Múi giờ',
    from: 'Từ',
    to: 'Đến',
    walletMode: 'Hình thức thanh toán',
    modes: { PREPAID: 'Trả trước', POSTPAID: 'Trả sau' },
    status: 'Trạng thái',
    statuses: { GENERATED: 'Đã tạo', ISSUED: 'Đã phát hành', PAID: 'Đã thanh toán' },
    generatedAt: 'Ngày tạo',
    summary: 'Tổng hợp',
    item: 'Khoản mục',
    amount: 'Số tiền',
    openingBalance: 'Số dư đầu kỳ',
    topUps: 'Nạp tiền',
    charges: 'Phí gửi tin (trừ từ số dư)',
    refunds: 'Hoàn tiền',
    holdsPlaced: 'Tạm giữ',
    holdsReleased: 'Hoàn tạm giữ',
    adjustments: 'Điều chỉnh',
    closingBalance: 'Số dư cuối kỳ',
    usage: 'Sử dụng trả sau',
    usageRefunds: 'Hoàn sử dụng trả sau',
    holdCharges: 'Phí trả từ tạm giữ',
    holdRefunds: 'Hoàn vào tạm giữ',
    amountDue: 'Số tiền phải thanh toán',
    chargeLines: 'Chi tiết phí theo dịch vụ và mẫu tin',
    service: 'Dịch vụ',
    template: 'Mẫu tin',
    count: 'Số tin',
    listAmount: 'Giá niêm yết',
    discount: 'Chiết khấu',
    lineAmount: 'Thành tiền',
    total: 'Tổng cộng',
    noTemplate: '(không có mẫu)',
    noCharges: 'Không có phí trong kỳ.',
    payment: 'Thanh toán',
    paidAt: 'Ngày thanh toán',
    paymentAmount: 'Số tiền đã thanh toán',
    note: 'Ghi chú',
    entries: 'Số bút toán trong kỳ',
    page: 'Trang',
  },
  en: {
    title: 'ACCOUNT STATEMENT',
    organisationWallet: 'Organisation wallet',
    period: 'Period',
    timeZone: 'Time zone',
    from: 'From',
    to: 'To',
    walletMode: 'Billing mode',
    modes: { PREPAID: 'Prepaid', POSTPAID: 'Postpaid' },
    status: 'Status',
    statuses: { GENERATED: 'Generated', ISSUED: 'Issued', PAID: 'Paid' },
    generatedAt: 'Generated on',
    summary: 'Summary',
    item: 'Item',
    amount: 'Amount',
    openingBalance: 'Opening balance',
    topUps: 'Top-ups',
    charges: 'Message charges (from the balance)',
    refunds: 'Refunds',
    holdsPlaced: 'Holds placed',
    holdsReleased: 'Holds released',
    adjustments: 'Adjustments',
    closingBalance: 'Closing balance',
    usage: 'Postpaid usage',
    usageRefunds: 'Postpaid usage refunded',
    holdCharges: 'Charges paid from holds',
    holdRefunds: 'Refunds into holds',
    amountDue: 'Amount due',
    chargeLines: 'Charges by service and template',
    service: 'Service',
    template: 'Template',
    count: 'Messages',
    listAmount: 'List price',
    discount: 'Discount',
    lineAmount: 'Amount',
    total: 'Total',
    noTemplate: '(no template)',
    noCharges: 'No charges in this period.',
    payment: 'Payment',
    paidAt: 'Paid on',
    paymentAmount: 'Amount paid',
    note: 'Note',
    entries: 'Ledger entries in the period',
    page: 'Page',
  },
} as const;

export function statementLabels(lang: StatementLanguage) {
  return LABELS[lang];
}

/** §9 money: thousands separators, the currency after the number (₫ in Vietnamese, VND in English). */
export function formatAmount(value: number, lang: StatementLanguage): string {
  return lang === 'vi' ? `${new Intl.NumberFormat('vi-VN').format(value)} ₫` : `${new Intl.NumberFormat('en-US').format(value)} VND`;
}

function formatCount(value: number, lang: StatementLanguage): string {
  return new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US').format(value);
}

/** A date-time in the statement's own time zone. */
function formatDateTime(iso: string, timeZone: string, lang: StatementLanguage): string {
  return new Intl.DateTimeFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

function periodLabel(period: string): string {
  const [y, m] = period.split('-');
  return `${m}/${y}`;
}

/** The summary rows, in the order of the balance identity; then the amounts that do not move the balance. */
export function summaryRows(s: Statement, lang: StatementLanguage): Array<{ key: string; label: string; value: number }> {
  const l = LABELS[lang];
  const rows: Array<{ key: keyof typeof l & keyof Statement; sign?: -1 }> = [
    { key: 'openingBalance' },
    { key: 'topUps' },
    { key: 'charges', sign: -1 },
    { key: 'refunds' },
    { key: 'holdsPlaced', sign: -1 },
    { key: 'holdsReleased' },
    { key: 'adjustments' },
    { key: 'closingBalance' },
  ];
  const out = rows.map((r) => ({ key: r.key, label: l[r.key] as string, value: (s[r.key] as number) * (r.sign ?? 1) }));
  for (const key of ['usage', 'usageRefunds', 'holdCharges', 'holdRefunds'] as const) if (s[key] !== 0) out.push({ key, label: l[key], value: s[key] });
  if (s.walletMode === 'POSTPAID' || s.amountDue !== 0) out.push({ key: 'amountDue', label: l.amountDue, value: s.amountDue });
  return out;
}

export function chargeTotals(s: Statement) {
  return s.chargeLines.reduce((t, x) => ({ count: t.count + x.count, listAmount: t.listAmount + x.listAmount, discount: t.discount + x.discount, amount: t.amount + x.amount }), { count: 0, listAmount: 0, discount: 0, amount: 0 });
}

export function statementFileName(s: Statement, ext: 'pdf' | 'csv'): string {
  const who = (s.tenantId ? s.tenantName : 'organisation')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `statement-${s.period}-${who || 'wallet'}.${ext}`;
}

export function statementCsv(s: Statement, lang: StatementLanguage): string {
  const l = LABELS[lang];
  let out = CSV_BOM;
  out += csvRow([l.title]);
  out += csvRow([l.organisationWallet, s.tenantId ? s.tenantName : `${s.tenantName} (${l.organisationWallet})`]);
  out += csvRow([l.period, s.period]);
  out += csvRow([l.timeZone, s.timeZone]);
  out += csvRow([l.walletMode, l.modes[s.walletMode]]);
  out += csvRow([l.status, l.statuses[s.status]]);
  out += csvRow([]);
  out += csvRow([l.item, `${l.amount} (VND)`]);
  for (const r of summaryRows(s, lang)) out += csvRow([r.label, r.value]);
  out += csvRow([]);
  out += csvRow([l.service, l.template, l.count, `${l.listAmount} (VND)`, `${l.discount} (VND)`, `${l.lineAmount} (VND)`]);
  for (const x of s.chargeLines) out += csvRow([x.service, x.templateName ?? x.templateId ?? l.noTemplate, x.count, x.listAmount, x.discount, x.amount]);
  const t = chargeTotals(s);
  out += csvRow([l.total, '', t.count, t.listAmount, t.discount, t.amount]);
  if (s.status === 'PAID') {
    out += csvRow([]);
    out += csvRow([l.paidAt, s.paidAt ?? '']);
    out += csvRow([l.paymentAmount, s.paymentAmount ?? 0]);
    if (s.paymentNote) out += csvRow([l.note, s.paymentNote]);
  }
  return out;
}

const requireFromHere = createRequire(import.meta.url);
let fontPath: string | null = null;
function dejaVu(): string {
  return (fontPath ??= requireFromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
}
function dejaVuBold(): string {
  return dejaVu().replace(/DejaVuSans\.ttf$/, 'DejaVuSans-Bold.ttf');
}

/** Renders the statement as a PDF (A4). `compress: false` keeps the content streams readable (tests). */
export async function statementPdf(s: Statement, lang: StatementLanguage, options: { compress?: boolean } = {}): Promise<Buffer> {
  const l = LABELS[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 48, compress: options.compress ?? true, info: { Title: `${l.title} ${s.period}`, Author: s.tenantName } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', dejaVu());
  doc.registerFont('bold', dejaVuBold());
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('bold').fontSize(16).text(`${l.title} ${periodLabel(s.period)}`, { align: 'left' });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(12).text(s.tenantId ? s.tenantName : `${s.tenantName} — ${l.organisationWallet}`);
  doc.moveDown(0.5);
  doc.font('body').fontSize(9);
  const meta: Array<[string, string]> = [
    [l.period, `${formatDateTime(s.periodStart, s.timeZone, lang)} – ${formatDateTime(s.periodEnd, s.timeZone, lang)}`],
    [l.timeZone, s.timeZone],
    [l.walletMode, l.modes[s.walletMode]],
    [l.status, l.statuses[s.status]],
    [l.generatedAt, formatDateTime(s.generatedAt, s.timeZone, lang)],
    [l.entries, formatCount(s.entryCount, lang)],
  ];
  for (const [k, v] of meta) doc.text(`${k}: ${v}`);
  doc.moveDown(0.8);

  const row = (cells: string[], cols: number[], opts: { bold?: boolean; aligns?: Array<'left' | 'right'> } = {}) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
    const y = doc.y;
    doc.font(opts.bold ? 'bold' : 'body').fontSize(9);
    let x = left;
    let bottom = y;
    cells.forEach((c, i) => {
      const w = (cols[i] ?? 0) * width;
      doc.text(c, x + 2, y, { width: w - 4, align: opts.aligns?.[i] ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 3;
    doc.x = left;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.y += 3;
  };

  doc.font('bold').fontSize(11).text(l.summary);
  doc.moveDown(0.3);
  const sumCols = [0.65, 0.35];
  row([l.item, l.amount], sumCols, { bold: true, aligns: ['left', 'right'] });
  rule();
  for (const r of summaryRows(s, lang)) {
    const strong = r.key === 'closingBalance' || r.key === 'amountDue' || r.key === 'openingBalance';
    row([r.label, formatAmount(r.value, lang)], sumCols, { bold: strong, aligns: ['left', 'right'] });
  }
  doc.moveDown(0.8);

  doc.font('bold').fontSize(11).text(l.chargeLines, left);
  doc.moveDown(0.3);
  const lineCols = [0.1, 0.34, 0.1, 0.16, 0.14, 0.16];
  const aligns: Array<'left' | 'right'> = ['left', 'left', 'right', 'right', 'right', 'right'];
  row([l.service, l.template, l.count, l.listAmount, l.discount, l.lineAmount], lineCols, { bold: true, aligns });
  rule();
  if (s.chargeLines.length === 0) row([l.noCharges], [1]);
  for (const x of s.chargeLines) {
    row([x.service, x.templateName ?? x.templateId ?? l.noTemplate, formatCount(x.count, lang), formatAmount(x.listAmount, lang), formatAmount(x.discount, lang), formatAmount(x.amount, lang)], lineCols, { aligns });
  }
  rule();
  const t = chargeTotals(s);
  row([l.total, '', formatCount(t.count, lang), formatAmount(t.listAmount, lang), formatAmount(t.discount, lang), formatAmount(t.amount, lang)], lineCols, { bold: true, aligns });

  if (s.status === 'PAID') {
    doc.moveDown(0.8);
    doc.font('bold').fontSize(11).text(l.payment, left);
    doc.font('body').fontSize(9);
    if (s.paidAt) doc.text(`${l.paidAt}: ${formatDateTime(s.paidAt, s.timeZone, lang)}`);
    doc.text(`${l.paymentAmount}: ${formatAmount(s.paymentAmount ?? 0, lang)}`);
    if (s.paymentNote) doc.text(`${l.note}: ${s.paymentNote}`);
  }
  doc.end();
  return done;
}
