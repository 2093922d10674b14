// Issue 29: the owner sets the header's logo and the footer's copyright line on the
// Header & footer screen, saved with the blocks (same row, same revision). Null logo: the
// site title shows; null or empty copyright: "© {site title}".
export const name = '0047-header-footer-identity';

export const sql = /* sql */ `
alter table site_header_footer
  add column logo_media_id uuid,
  add column copyright text;
`;
