import type { Block, TextBlockV1 } from '@atelier/contract';
import { ProductType } from '@atelier/core';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogRepo } from '../catalog/catalog.repo.ts';
import type { CatalogService, NewProductInput } from '../catalog/catalog.service.ts';
import type { CheckoutQueries } from '../checkout/checkout.repo.ts';
import type { ContentRepo } from '../content/content.repo.ts';
import type { FormsRepo } from '../forms/forms.repo.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { WebsiteService } from '../websites/website.service.ts';
import {
  apronSvg,
  giftCardSvg,
  heroSvg,
  lessonSvg,
  mugSvg,
  patternSvg,
  rasterise,
  shirtSvg,
  yarnSvg,
} from './demo-images.ts';

type SeedServices = {
  websites: WebsiteService;
  catalog: CatalogService;
  catalogRepo: CatalogRepo;
  contentRepo: ContentRepo;
  formsRepo: FormsRepo;
  mediaStore: MediaStore;
  commerce: { settings: CheckoutQueries };
  /** Remembers what the seed made, so "remove demo content" removes only that. */
  demoContent: { recordSeed: (websiteId: string) => Promise<void> };
};

/**
 * On first start, an empty database gets a complete demo store so that a new owner sees
 * every kind of product working at once. Nothing runs when any website exists.
 */
export async function seedDemoStoreIfEmpty({
  services,
  log,
}: {
  services: SeedServices & { websites: WebsiteService };
  log: FastifyBaseLogger;
}): Promise<boolean> {
  if ((await services.websites.count()) > 0) return false;
  const started = Date.now();
  await seedDemoStore(services);
  log.info({ ms: Date.now() - started }, 'seeded the demo store');
  return true;
}

const size = (value: string) => ({ optionName: 'Size', value });
const colour = (value: string) => ({ optionName: 'Colour', value });

export async function seedDemoStore(services: SeedServices): Promise<{ websiteId: string }> {
  const { websites, catalog, catalogRepo, contentRepo, formsRepo, mediaStore } = services;
  const website = await websites.create({
    title: 'Fern & Flax',
    description: 'Linen clothing, sewing patterns and slow-made homewares from a small studio.',
    hosts: ['localhost'],
  });
  const websiteId = website.id;
  const image = async (svg: string, filename: string, altText: string) =>
    (await mediaStore.saveImage({ websiteId, bytes: await rasterise(svg), filename, altText }))
      .media_id;

  const shop = await catalogRepo.insertCollection({
    website_id: websiteId,
    collection_type: 'products',
    url_id: 'shop',
    title: 'Shop',
    navigation_title: 'Shop',
    description: 'Everything we make in the studio, in small batches.',
    navigation_index: 0,
  });

  // A lesson needs to know who is coming and what they want to learn before it is booked.
  const lessonForm = await formsRepo.insertForm({
    website_id: websiteId,
    name: 'About your lesson',
    fields: [
      { id: 'name', kind: 'name', label: 'Your name', isRequired: true },
      {
        id: 'topic',
        kind: 'select',
        label: 'What would you like to learn?',
        isRequired: true,
        options: ['Machine basics', 'Fitting a pattern', 'Finishing a project'],
      },
      {
        id: 'level',
        kind: 'radio',
        label: 'Your sewing experience',
        options: ['New to it', 'Some', 'Lots'],
      },
      { id: 'notes', kind: 'textarea', label: 'Anything we should know?', maxLength: 500 },
    ],
    disclaimer: 'We will email you within two working days to arrange a time.',
  });

  // Each colour of the shirt shows its own photo when chosen.
  const shirtSand = await image(
    shirtSvg('#d8c3a0', '#efe8dc'),
    'linen-work-shirt-sand.png',
    'Sand linen work shirt laid flat',
  );
  const shirtIndigo = await image(
    shirtSvg('#34456b', '#e4e8ee'),
    'linen-work-shirt-indigo.png',
    'Indigo linen work shirt laid flat',
  );
  const products: Omit<NewProductInput, 'websiteId' | 'collectionId' | 'displayIndex'>[] = [
    {
      productType: ProductType.physical,
      title: 'Linen Work Shirt',
      urlId: 'linen-work-shirt',
      excerpt: 'A boxy, breathable shirt in washed European linen.',
      description:
        'Cut from stonewashed European linen that softens with every wash, our work shirt has a relaxed boxy fit, a chest pocket and corozo buttons. Made in our studio in runs of thirty.',
      variantOptionOrdering: ['Size', 'Colour'],
      tags: ['linen', 'shirts'],
      variants: [
        {
          sku: 'LWS-S-SAND',
          imageId: shirtSand,
          optionValues: [size('S'), colour('Sand')],
          priceCents: 6800,
          qtyInStock: 8,
        },
        {
          sku: 'LWS-S-INDIGO',
          imageId: shirtIndigo,
          optionValues: [size('S'), colour('Indigo')],
          priceCents: 6800,
          qtyInStock: 0,
        },
        {
          sku: 'LWS-M-SAND',
          imageId: shirtSand,
          optionValues: [size('M'), colour('Sand')],
          priceCents: 6800,
          qtyInStock: 12,
        },
        {
          sku: 'LWS-M-INDIGO',
          imageId: shirtIndigo,
          optionValues: [size('M'), colour('Indigo')],
          priceCents: 6800,
          salePriceCents: 5400,
          isOnSale: true,
          qtyInStock: 5,
        },
        {
          sku: 'LWS-L-SAND',
          imageId: shirtSand,
          optionValues: [size('L'), colour('Sand')],
          priceCents: 6800,
          qtyInStock: 3,
        },
        {
          sku: 'LWS-L-INDIGO',
          imageId: shirtIndigo,
          optionValues: [size('L'), colour('Indigo')],
          priceCents: 6800,
          qtyInStock: 7,
        },
      ],
      mediaIds: [shirtSand, shirtIndigo],
    },
    {
      productType: ProductType.digital,
      title: 'Everyday Tote Sewing Pattern',
      urlId: 'everyday-tote-sewing-pattern',
      excerpt: 'A printable PDF pattern for a lined tote with an inside pocket.',
      description:
        'A beginner-friendly PDF pattern for the lined tote we carry every day. Includes A4 and US Letter print files, a copy-shop file, and an illustrated step-by-step guide. Delivered by email right after purchase.',
      priceCents: 1200,
      tags: ['patterns', 'digital'],
      variants: [{ sku: 'PAT-TOTE', priceCents: 1200, isUnlimited: true }],
      mediaIds: [
        await image(patternSvg(), 'everyday-tote-pattern.png', 'Everyday Tote paper pattern'),
      ],
    },
    {
      productType: ProductType.service,
      title: 'Private Sewing Lesson',
      urlId: 'private-sewing-lesson',
      excerpt: 'One hour, one-to-one, in the studio or on a video call.',
      description:
        'Book an hour with one of our makers to learn machine basics, fit a pattern, or finish a project that has been waiting in the drawer. We will email you to arrange a time that suits you.',
      tags: ['lessons'],
      additionalFieldsFormId: lessonForm.form_id,
      variants: [{ sku: 'LESSON-1H', priceCents: 4500, qtyInStock: 6 }],
      mediaIds: [
        await image(lessonSvg(), 'sewing-lesson.png', 'Needle and thread over a pincushion'),
      ],
    },
    {
      productType: ProductType.giftCard,
      title: 'Fern & Flax Gift Card',
      urlId: 'gift-card',
      excerpt: 'Let them choose: a gift card for anything in the shop.',
      description:
        'Our gift card is delivered by email with your message, on the date you choose. It never expires and can be spent across several orders.',
      variantOptionOrdering: ['Amount'],
      tags: ['gift card'],
      variants: [2500, 5000, 10000].map((cents) => ({
        sku: `GIFT-${cents / 100}`,
        optionValues: [{ optionName: 'Amount', value: `$${cents / 100}` }],
        priceCents: cents,
        isUnlimited: true,
      })),
      mediaIds: [
        await image(giftCardSvg(), 'gift-card.png', 'Fern & Flax gift card with a gold ribbon'),
      ],
    },
    {
      productType: ProductType.physical,
      title: 'Hand-Dyed Yarn Club',
      urlId: 'hand-dyed-yarn-club',
      excerpt: 'Two skeins of small-batch, plant-dyed wool every month.',
      description:
        'Every month we dye a new colourway with plants from the studio garden and send two 100 g skeins of fingering-weight merino, with a free pattern. Pause or cancel whenever you like.',
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      tags: ['yarn', 'subscription'],
      variants: [{ sku: 'YARN-CLUB', priceCents: 3200, qtyInStock: 40 }],
      mediaIds: [await image(yarnSvg(), 'yarn-club.png', 'A ball of rust-red plant-dyed yarn')],
    },
    {
      productType: ProductType.physical,
      title: 'Stoneware Mug',
      urlId: 'stoneware-mug',
      excerpt: 'Wheel-thrown and glazed in oatmeal with a blue band.',
      description:
        'Thrown on the wheel by our neighbour Ana, each mug holds 350 ml and is glazed in oatmeal with a cobalt band. Dishwasher and microwave safe; no two are quite the same.',
      tags: ['ceramics', 'kitchen'],
      variants: [
        { sku: 'MUG-OAT', priceCents: 3000, salePriceCents: 2400, isOnSale: true, qtyInStock: 20 },
      ],
      mediaIds: [
        await image(mugSvg(), 'stoneware-mug.png', 'Oatmeal stoneware mug with a blue band'),
      ],
    },
    {
      productType: ProductType.physical,
      title: 'Waxed Canvas Apron',
      urlId: 'waxed-canvas-apron',
      excerpt: 'A heavy waxed-cotton apron with cross-back straps.',
      description:
        'Waxed cotton canvas in olive, with leather-free cross-back straps and a divided front pocket. Wipe clean. The last batch sold out; sign up to hear when the next one is ready.',
      customSoldOutText: 'Back in the spring',
      tags: ['aprons'],
      variants: [{ sku: 'APRON-OLIVE', priceCents: 5800, qtyInStock: 0 }],
      mediaIds: [await image(apronSvg(), 'waxed-apron.png', 'Olive waxed canvas apron')],
    },
  ];
  const productIds = new Map<string, string>();
  for (const [index, product] of products.entries()) {
    const row = await catalog.createProduct({
      ...product,
      websiteId,
      collectionId: shop.collection_id,
      displayIndex: index,
    });
    productIds.set(product.urlId, row.product_id);
  }

  // Categories for the shop's filter, one of them nested.
  const category = (displayName: string, slug: string, displayIndex: number, parent?: string) =>
    catalogRepo.insertCategory({
      website_id: websiteId,
      collection_id: shop.collection_id,
      parent_category_id: parent ?? null,
      display_name: displayName,
      slug,
      display_index: displayIndex,
    });
  const clothing = await category('Clothing', 'clothing', 1);
  const workwear = await category('Workwear', 'workwear', 2, clothing.category_id);
  const home = await category('Home', 'home', 3);
  const learn = await category('Patterns & Lessons', 'patterns-and-lessons', 4);
  const gifts = await category('Gifts', 'gifts', 5);
  const inCategories: [string, string[]][] = [
    ['linen-work-shirt', [clothing.category_id]],
    ['waxed-canvas-apron', [workwear.category_id]],
    ['stoneware-mug', [home.category_id]],
    ['everyday-tote-sewing-pattern', [learn.category_id]],
    ['private-sewing-lesson', [learn.category_id]],
    ['gift-card', [gifts.category_id]],
    ['hand-dyed-yarn-club', [gifts.category_id]],
  ];
  for (const [urlId, categoryIds] of inCategories) {
    const productId = productIds.get(urlId);
    if (productId) await catalogRepo.replaceProductCategories(websiteId, productId, categoryIds);
  }
  const shirtId = productIds.get('linen-work-shirt');
  if (shirtId) {
    // Low stock on some shirt sizes: show it, as a small shop would.
    await catalogRepo.saveMerchandising({
      website_id: websiteId,
      product_id: shirtId,
      is_scarcity_enabled: true,
      scarcity_text: null,
      scarcity_threshold: 5,
      is_restock_notification_enabled: true,
    });
  }

  const heroId = await image(
    heroSvg(),
    'studio-fabrics.png',
    'Bolts of linen in rust, ochre, sage and ink',
  );
  const pages: {
    slug: string;
    title: string;
    description: string;
    index: number;
    nav: boolean;
    // Text in version 1 (plain paragraphs), as the first sites stored it: read, it is
    // migrated like any stored block, which keeps that path exercised.
    blocks: (Block | TextBlockV1)[];
  }[] = [
    {
      slug: '',
      title: 'Home',
      description: 'Linen clothing, sewing patterns and slow-made homewares from a small studio.',
      index: 0,
      nav: false,
      blocks: [
        { type: 'image', version: 1, mediaId: heroId, isPriority: true },
        { type: 'heading', version: 1, level: 1, text: 'Made slowly, worn for years' },
        {
          type: 'text',
          version: 1,
          paragraphs: [
            'Fern & Flax is a two-person studio making linen clothing, sewing patterns and a few good things for the kitchen. Everything is cut and sewn in small runs, so what you buy is made to last.',
          ],
        },
        { type: 'button', version: 1, label: 'Shop the collection', href: '/shop' },
        {
          type: 'products',
          version: 1,
          collectionUrlId: 'shop',
          title: 'New in the shop',
          limit: 4,
        },
      ],
    },
    {
      slug: 'about',
      title: 'About',
      description: 'Who we are and how we make things.',
      index: 1,
      nav: true,
      blocks: [
        { type: 'heading', version: 1, level: 1, text: 'About the studio' },
        {
          type: 'text',
          version: 1,
          paragraphs: [
            'We started Fern & Flax in 2019 in a converted garage with one sewing machine and a roll of linen. Today we are two makers, a cutting table and a small dye garden.',
            'We buy our linen from a family mill in Lithuania, dye our yarn with plants we grow ourselves, and pay fairly for every hour of work that goes into what we sell.',
            'If something we made ever needs mending, send it back and we will repair it for free.',
          ],
        },
      ],
    },
    {
      slug: 'contact',
      title: 'Contact',
      description: 'How to reach the studio.',
      index: 2,
      nav: true,
      blocks: [
        { type: 'heading', version: 1, level: 1, text: 'Contact us' },
        {
          type: 'text',
          version: 1,
          paragraphs: [
            'Questions about sizing, an order, or a lesson? Write to us at hello@fernandflax.example and we will answer within two working days.',
            'Studio: 14 Mill Lane, Hebden Bridge, HX7 8AB, United Kingdom.',
            'Open for collections Thursday to Saturday, 10:00 to 16:00.',
          ],
        },
        {
          type: 'button',
          version: 1,
          label: 'Email the studio',
          href: 'mailto:hello@fernandflax.example',
        },
      ],
    },
  ];
  for (const page of pages) {
    await contentRepo.insertPage({
      website_id: websiteId,
      url_slug: page.slug,
      title: page.title,
      description: page.description,
      page_type: 1,
      blocks: JSON.stringify(page.blocks),
      is_in_navigation: page.nav,
      navigation_index: page.index,
    });
  }
  await seedStoreSettings(services.commerce.settings, websiteId);
  await services.demoContent.recordSeed(websiteId);
  return { websiteId };
}

/**
 * Shipping, tax and a welcome coupon, so the demo checkout shows every kind of total.
 * California's 7.25% base rate stands for "a tax rule": basis points hold whole
 * hundredths of a percent, and New York City's 8.875% would need a finer unit.
 */
async function seedStoreSettings(settings: CheckoutQueries, websiteId: string): Promise<void> {
  await settings.insertShippingOption({
    website_id: websiteId,
    name: 'Standard shipping',
    kind: 'flat',
    price_cents: 695,
    display_index: 0,
  });
  await settings.insertShippingOption({
    website_id: websiteId,
    name: 'Free shipping on orders over $100',
    kind: 'free_over',
    price_cents: 0,
    min_subtotal_cents: 10_000,
    display_index: 1,
  });
  await settings.insertTaxRule({
    website_id: websiteId,
    country: 'US',
    region: 'CA',
    rate_bp: 725,
    applies_to_shipping: false,
  });
  await settings.insertCoupon({
    website_id: websiteId,
    code: 'WELCOME10',
    kind: 'percentage',
    percent_bp: 1000,
  });
}
