// A product's additional-fields form was a bare uuid: a product could name a form that
// never existed, and the storefront then failed every page listing it (issue 16). The
// reference is a foreign key now; deleting a form leaves its products without one
// (only that column is set to null — website_id is part of the key and stays).
export const name = '0011-product-form-reference';

export const sql = /* sql */ `
update products p set additional_fields_form_id = null
where additional_fields_form_id is not null
  and not exists (
    select 1 from forms f
    where f.website_id = p.website_id and f.form_id = p.additional_fields_form_id
  );

alter table products
  add constraint products_additional_fields_form_fkey
  foreign key (website_id, additional_fields_form_id)
  references forms (website_id, form_id)
  on delete set null (additional_fields_form_id);
`;
