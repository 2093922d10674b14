// What the demo seed ("Fern & Flax") created, so that "remove demo content" (issue 19)
// removes exactly that and never something the merchant made. The seed records its rows
// here from now on; installs seeded before this migration get theirs recognised below by
// the seed's fixed identities (url ids, slugs with titles, file names with alt texts, the
// coupon code and the shipping and tax values it wrote), only on websites that carry the
// seed's own marks (its shirt product or its hero image). seeded_at is when the seed
// finished: a page or form changed after it is the merchant's. For backfilled rows it is
// the website's creation plus five minutes, as the seed takes seconds.
// Frozen copy of the identities in demo-content.repo.ts (a shipped migration never changes).
export const name = '0022-demo-content';

export const sql = /* sql */ `
create table demo_content (
  website_id uuid not null references websites (website_id) on delete cascade,
  kind text not null check (kind in
    ('product', 'category', 'media', 'page', 'form', 'shipping_option', 'tax_rule', 'coupon')),
  item_id uuid not null,
  seeded_at timestamptz not null default now(),
  primary key (website_id, kind, item_id)
);

with seeded as (
  select w.website_id, w.created_at + interval '5 minutes' as seeded_at
    from websites w
   where exists (select 1 from products p
                  where p.website_id = w.website_id and p.url_id = 'linen-work-shirt')
      or exists (select 1 from media m
                  where m.website_id = w.website_id and m.filename = 'studio-fabrics.png'
                    and m.alt_text = 'Bolts of linen in rust, ochre, sage and ink')
)
insert into demo_content (website_id, kind, item_id, seeded_at)
select p.website_id, 'product', p.product_id, s.seeded_at
  from products p join seeded s using (website_id)
 where p.url_id in ('linen-work-shirt', 'everyday-tote-sewing-pattern', 'private-sewing-lesson',
   'gift-card', 'hand-dyed-yarn-club', 'stoneware-mug', 'waxed-canvas-apron')
union all
select c.website_id, 'category', c.category_id, s.seeded_at
  from categories c join seeded s using (website_id)
 where (c.slug, c.display_name) in (('clothing', 'Clothing'), ('workwear', 'Workwear'),
   ('home', 'Home'), ('patterns-and-lessons', 'Patterns & Lessons'), ('gifts', 'Gifts'))
union all
select m.website_id, 'media', m.media_id, s.seeded_at
  from media m join seeded s using (website_id)
 where (m.filename, m.alt_text) in (
   ('linen-work-shirt-sand.png', 'Sand linen work shirt laid flat'),
   ('linen-work-shirt-indigo.png', 'Indigo linen work shirt laid flat'),
   ('everyday-tote-pattern.png', 'Everyday Tote paper pattern'),
   ('sewing-lesson.png', 'Needle and thread over a pincushion'),
   ('gift-card.png', 'Fern & Flax gift card with a gold ribbon'),
   ('yarn-club.png', 'A ball of rust-red plant-dyed yarn'),
   ('stoneware-mug.png', 'Oatmeal stoneware mug with a blue band'),
   ('waxed-apron.png', 'Olive waxed canvas apron'),
   ('studio-fabrics.png', 'Bolts of linen in rust, ochre, sage and ink'))
union all
select pg.website_id, 'page', pg.page_id, s.seeded_at
  from pages pg join seeded s using (website_id)
 where (pg.url_slug, pg.title) in (('', 'Home'), ('about', 'About'), ('contact', 'Contact'))
union all
select f.website_id, 'form', f.form_id, s.seeded_at
  from forms f join seeded s using (website_id)
 where f.name = 'About your lesson'
union all
select o.website_id, 'shipping_option', o.option_id, s.seeded_at
  from shipping_options o join seeded s using (website_id)
 where (o.name, o.kind, o.price_cents) in
   (('Standard shipping', 'flat', 695), ('Free shipping on orders over $100', 'free_over', 0))
union all
select r.website_id, 'tax_rule', r.rule_id, s.seeded_at
  from tax_rules r join seeded s using (website_id)
 where r.country = 'US' and r.region = 'CA' and r.rate_bp = 725
union all
select k.website_id, 'coupon', k.coupon_id, s.seeded_at
  from coupons k join seeded s using (website_id)
 where k.code = 'WELCOME10' and k.kind = 'percentage' and k.percent_bp = 1000;
`;
