// API key scopes (issue 19): a key may be limited to reading or writing some areas
// (products, inventory, orders, forms). Keys made before this have null scopes and keep
// everything their role allows, so no integration breaks on upgrade.
export const name = '0018-discounts-keys';

export const sql = /* sql */ `
alter table api_keys add column scopes jsonb;
`;
