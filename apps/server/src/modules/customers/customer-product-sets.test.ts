import { describe, expect, it } from 'vitest';
import type { TCustomerListItem } from '@sanad/contracts/customers';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { makeDataSegment } from '../../test-support/factories';
import { makeCustomer } from '../../test-support/risk-factories';
import { useTestApp } from '../../test-support/test-app';
import { PRODUCT_SET_LIMIT } from './customer-search.repository';

const t = useTestApp();

/**
 * Copies of one customer of the segment, in one statement, numbered `from`..`to`, each with the
 * product set `productsSql` makes of its number `g`; answers the ids with their products.
 */
async function copies(segment: string, from: number, to: number, productsSql: string): Promise<Array<{ id: string; products: string[] }>> {
  const template = await makeCustomer(t.context.db, segment);
  await t.context.db.query(`update customers set products = '{}' where id = $1`, [template]);
  const result = await t.context.db.query<{ id: string; products: string[] }>(
    `insert into customers (data_segment_id, type, record, full_name, full_name_normalised, first_name, last_name, date_of_birth,
       nationality_id, country_of_residence_id, id_type, id_number, id_number_key, email, phone_number, hit_types, products,
       created_by, created_by_name, document_statuses, source, campaign, document_expiry_date)
     select c.data_segment_id, c.type, c.record, c.full_name, c.full_name_normalised, c.first_name, c.last_name, c.date_of_birth,
       c.nationality_id, c.country_of_residence_id, c.id_type, c.id_number, c.id_number_key, c.email, c.phone_number, c.hit_types,
       ${productsSql}, c.created_by, c.created_by_name, c.document_statuses, c.source, c.campaign, c.document_expiry_date
       from customers c cross join generate_series($2::int, $3::int) g
      where c.id = $1
     returning id, products`,
    [template, from, to],
  );
  return [{ id: template, products: [] }, ...result.rows];
}

const holding = (rows: ReadonlyArray<{ id: string; products: string[] }>, product: string) =>
  rows.filter((row) => row.products.includes(product)).map((row) => row.id);

async function distinctSets(segment: string): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(
    'select count(distinct product_set_key)::int as n from customers where data_segment_id = $1',
    [segment],
  );
  return result.rows[0]?.n ?? 0;
}

/** Every customer a product filter finds, read page by page through the API, with the total it reports. */
async function found(token: string, product: string): Promise<{ total: number; ids: string[] }> {
  const api = apiCaller(t, token);
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; ; page += 1) {
    const answer = await api<TCustomerListItem[]>('GET', `customers/?perPage=10&startAt=${page}&product=${encodeURIComponent(product)}`);
    expect(answer.status).toBe(200);
    total = answer.body.pagination?.total ?? -1;
    ids.push(...answer.body.data.map((row) => row._id));
    if (answer.body.data.length < 10) break;
  }
  return { total, ids: ids.toSorted() };
}

describe('the product filter of a segment with more product sets than it reads by set', () => {
  it(`finds exactly the customers holding the product at ${PRODUCT_SET_LIMIT} distinct sets and above, never another segment's`, async () => {
    const mine = await makeDataSegment(t.context.db);
    const theirs = await makeDataSegment(t.context.db);
    const me = await signedInUser(t, ['view-customer-profile'], [mine]);
    const them = await signedInUser(t, ['view-customer-profile'], [theirs]);

    // Exactly the limit: the empty set of the copied customer, and one set per number, every
    // hundredth also holding 'target'. Two more customers share sets already there.
    const atLimit = [
      ...(await copies(
        mine,
        1,
        PRODUCT_SET_LIMIT - 1,
        `case when g % 100 = 0 then array['set-' || g, 'target'] else array['set-' || g] end`,
      )),
      ...(await copies(mine, 100, 200, `case when g % 100 = 0 then array['set-' || g, 'target'] else array['set-' || g] end`)),
    ];
    // The other segment holds the same sets (the same keys) and more customers with the product.
    const other = await copies(
      theirs,
      1,
      300,
      `case when g % 2 = 0 then array['set-' || (g / 2 * 100), 'target'] else array['target'] end`,
    );
    expect(await distinctSets(mine)).toBe(PRODUCT_SET_LIMIT);

    const expectedAtLimit = holding(atLimit, 'target').toSorted();
    expect(expectedAtLimit.length).toBe(Math.floor((PRODUCT_SET_LIMIT - 1) / 100) + 2);
    expect(await found(me.token, 'target')).toEqual({ total: expectedAtLimit.length, ids: expectedAtLimit });
    expect(await found(me.token, 'set-500')).toEqual({ total: 1, ids: holding(atLimit, 'set-500') });
    expect(await found(me.token, 'held-by-nobody')).toEqual({ total: 0, ids: [] });

    // Above the limit the filter tests each customer's array: the same answer. The new sets hold
    // the product first, a different set (and key) from the same products in the other order.
    const aboveLimit = [
      ...atLimit,
      ...(await copies(mine, 1, 150, `case when g % 50 = 0 then array['target', 'extra-' || g] else array['extra-' || g] end`)),
    ];
    expect(await distinctSets(mine)).toBeGreaterThan(PRODUCT_SET_LIMIT);
    const expectedAbove = holding(aboveLimit, 'target').toSorted();
    expect(expectedAbove.length).toBe(expectedAtLimit.length + 3);
    expect(await found(me.token, 'target')).toEqual({ total: expectedAbove.length, ids: expectedAbove });
    expect(await found(me.token, 'set-500')).toEqual({ total: 1, ids: holding(atLimit, 'set-500') });
    expect(await found(me.token, 'extra-100')).toEqual({ total: 1, ids: holding(aboveLimit, 'extra-100') });
    expect(await found(me.token, 'held-by-nobody')).toEqual({ total: 0, ids: [] });

    // The other segment's staff see their own customers only, and mine never theirs.
    const theirIds = holding(other, 'target').toSorted();
    expect(await found(them.token, 'target')).toEqual({ total: theirIds.length, ids: theirIds });
    expect((await found(me.token, 'target')).ids.filter((id) => other.some((row) => row.id === id))).toEqual([]);
  });
});
