import { isSafeText } from '@zc/shared/api/common';
import type { RawSql } from '../../db/client';
import type { TemplateParam } from './template-params';
import type { DiscountRule } from '../discounts/service';
import type { PackagePrices } from '../service-packages/service';
import { oncePerTurn } from './once-per-turn';
import { settleIsolated } from '../../platform/isolated-batch';

/** What a send reads before validation: key, tenant flags, wallet discount, the named template. */
export interface SendContextRow {
  id: string;
  tenantId: string;
  zaloOaId: string;
  znsService: boolean;
  oaService: boolean;
  discountPercent: number;
  /** The tenant's discounts valid now (issue 13 #8), usually none; priced by discounts/pricing.ts. */
  discounts: DiscountRule[];
  /** The tenant's service package prices (ADR 0025), null without a package. */
  packagePrices: PackagePrices | null;
  /** The key's team and that team's daily caps (null: no team, or no cap for the module). */
  teamId: string | null;
  teamZnsQuota: number | null;
  teamOaQuota: number | null;
  template: { znsTemplateId: string; name: string; status: string; tag: string | null; price: number; params: TemplateParam[]; kind?: string | null } | null;
}

interface Waiting {
  hash: string;
  templateId: string;
  resolve(r: SendContextRow | null): void;
  reject(e: unknown): void;
}

const MAX_BATCH = 200;

/**
 * One read at a time: every request arriving while it runs shares the next one. Measured against 2
 * and 4 reads in flight (open loop at half of peak, closed loop at peak): as good or better at
 * both, with fewer statements for PostgreSQL — which, not Node, takes most of the CPU per send.
 */
const MAX_IN_FLIGHT = 1;

type RawRow = Record<string, unknown>;

function numOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

function toContext(r: RawRow): SendContextRow {
  return {
    id: String(r.id),
    tenantId: String(r.tenant_id),
    zaloOaId: String(r.zalo_oa_id),
    znsService: r.zns_service === true,
    oaService: r.oa_service === true,
    discountPercent: Number(r.discount_percent ?? 0),
    discounts: r.discount_rules === null || r.discount_rules === undefined ? [] : ((typeof r.discount_rules === 'string' ? JSON.parse(r.discount_rules) : r.discount_rules) as DiscountRule[]), // jsonb_agg built below
    packagePrices:
      r.pkg_id === null || r.pkg_id === undefined
        ? null
        : { zns: numOrNull(r.pkg_zns), oaCs: numOrNull(r.pkg_oa_cs), oaTransaction: numOrNull(r.pkg_oa_transaction), oaPromotion: numOrNull(r.pkg_oa_promotion) },
    teamId: r.team_ref === null || r.team_ref === undefined ? null : String(r.team_ref),
    teamZnsQuota: r.team_zns_quota === null || r.team_zns_quota === undefined ? null : Number(r.team_zns_quota),
    teamOaQuota: r.team_oa_quota === null || r.team_oa_quota === undefined ? null : Number(r.team_oa_quota),
    template:
      r.tpl_id === null || r.tpl_id === undefined
        ? null
        : {
            znsTemplateId: String(r.zns_template_id),
            name: String(r.tpl_name),
            status: String(r.tpl_status),
            tag: r.tpl_tag === null ? null : String(r.tpl_tag),
            // bigint columns arrive as strings from node-postgres
            price: Number(r.tpl_price),
            params: (typeof r.tpl_params === 'string' ? JSON.parse(r.tpl_params) : r.tpl_params) as TemplateParam[], // jsonb written by template sync
            kind: r.tpl_kind === null || r.tpl_kind === undefined ? null : String(r.tpl_kind),
          },
  };
}

/**
 * Reads the send context of many concurrent requests in one statement (a JSON recordset of the secret
 * hashes and template ids), DataLoader-style: the first request of a quiet moment is read alone,
 * those arriving while reads are in flight share the next one (ADR 0003). Sharing a read never
 * shares a fate: a read the database refuses is split in halves and retried down to the single
 * request that caused it, which alone gets the error (`settleIsolated`, ADR 0006).
 */
export class SendContextLoader {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  /** Reads started, and times a failed read was split to isolate the request that broke it. */
  readonly stats = { reads: 0, splits: 0 };
  constructor(private readonly raw: RawSql) {}

  /**
   * `templateId` comes from a body not yet validated (the key is checked first): one the database
   * cannot hold names no template, and is read as '' so it never reaches the shared statement.
   */
  load(hash: string, templateId: string): Promise<SendContextRow | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ hash, templateId: isSafeText(templateId) ? templateId : '', resolve, reject });
      this.schedule();
    });
  }

  /** A read starts one event-loop turn later, with every request read from the sockets meanwhile. */
  private readonly schedule = oncePerTurn(() => this.pump());

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight += 1;
      this.stats.reads += 1;
      // Each request gets its own answer: a read that fails is split until the failing request stands alone.
      void settleIsolated(batch, (part) => this.read(part), () => (this.stats.splits += 1))
        .then((settled) =>
          settled.forEach((s, i) => {
            const w = batch[i];
            if (!w) return;
            if (s.ok) w.resolve(s.value);
            else w.reject(s.error);
          }),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
    }
  }

  private async read(batch: readonly Waiting[]): Promise<Array<SendContextRow | null>> {
    // One JSON parameter carries the whole batch; the statement is prepared once per connection.
    const input = JSON.stringify(batch.map((w, i) => ({ hash: w.hash, tpl: w.templateId, ord: i + 1 })));
    const { rows } = await this.raw.query<RawRow>(CONTEXT_SQL, [input], { name: 'zc_send_context' });
    const out: Array<SendContextRow | null> = batch.map(() => null);
    for (const r of rows) out[Number(r.ord) - 1] = toContext(r);
    return out;
  }
}

const CONTEXT_SQL = `
  select i.ord, k.id, k.tenant_id, k.zalo_oa_id, t.zns_service, t.oa_service, w.discount_percent,
         tm.id as team_ref, tm.zns_daily_quota as team_zns_quota, tm.oa_daily_quota as team_oa_quota,
         z.id as tpl_id, z.zns_template_id, z.name as tpl_name, z.status as tpl_status, z.tag as tpl_tag, z.price as tpl_price, z.params as tpl_params,
         dr.rules as discount_rules,
         sp.id as pkg_id, sp.zns_price as pkg_zns, sp.oa_cs_price as pkg_oa_cs, sp.oa_transaction_price as pkg_oa_transaction, sp.oa_promotion_price as pkg_oa_promotion,
         -- The template's §3 kind only matters to a kind discount: read from the console request that created it.
         case when dr.by_kind and z.id is not null then (
           select case tr.payload->>'templateType' when '1' then 'CUSTOM' when '2' then 'VERIFIED' when '3' then 'PAYMENT' when '4' then 'VOUCHER' when '5' then 'FEEDBACK' end
           from template_requests tr where tr.tenant_id = k.tenant_id and tr.zns_template_id = z.zns_template_id order by tr.created_at desc limit 1
         ) end as tpl_kind
  from jsonb_to_recordset($1::jsonb) as i(hash text, tpl text, ord int)
  join api_keys k on k.secret_hash = i.hash and k.status = 'ACTIVE'
  join tenants t on t.id = k.tenant_id
  left join wallets w on w.tenant_id = k.tenant_id
  left join teams tm on tm.id = k.team_id and tm.tenant_id = k.tenant_id
  -- The tenant's service package (ADR 0025): two primary-key probes, usually finding nothing.
  left join tenant_packages tp on tp.tenant_id = k.tenant_id
  left join service_packages sp on sp.id = tp.package_id
  left join zns_templates z on z.tenant_id = k.tenant_id and z.zalo_oa_id = k.zalo_oa_id and z.zns_template_id = i.tpl
  left join lateral (
    select jsonb_agg(jsonb_build_object('id', d.id, 'targetKind', d.target_kind, 'targetValue', d.target_value, 'discountType', d.discount_type, 'value', d.value)) as rules,
           bool_or(d.target_kind = 'TEMPLATE_KIND') as by_kind
    from tenant_discounts d
    where d.tenant_id = k.tenant_id and d.valid_from <= now() and (d.valid_to is null or d.valid_to > now())
  ) dr on true`;

const loaders = new WeakMap<RawSql, SendContextLoader>();

export function contextLoaderFor(raw: RawSql): SendContextLoader {
  let l = loaders.get(raw);
  if (!l) {
    l = new SendContextLoader(raw);
    loaders.set(raw, l);
  }
  return l;
}
