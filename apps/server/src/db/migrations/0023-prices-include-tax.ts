// Tax-inclusive prices (issue 19): a store in Europe shows prices with VAT in them;
// checkout then takes the tax out of the price instead of adding it. Each order keeps
// which way its tax was counted, so old receipts read as they did.
export const name = '0023-prices-include-tax';

export const sql = /* sql */ `
alter table websites add column prices_include_tax boolean not null default false;
alter table orders add column tax_included boolean not null default false;
`;
