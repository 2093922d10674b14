import sharp from 'sharp';

// Product photos for the demo store, drawn here as SVG and rasterised with sharp, so a
// fresh install has real-looking images without fetching anything from the internet.

const W = 1000;

function frame(background: string, body: string, width = W, height = W): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="light" cx="35%" cy="30%" r="80%">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.12"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="${background}"/>
  <rect width="100%" height="100%" fill="url(#light)"/>
  <rect y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="url(#floor)"/>
  ${body}
</svg>`;
}

const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.12}" fill="#000" opacity="0.16"/>`;

export function shirtSvg(fabric: string, background: string): string {
  return frame(
    background,
    `${shadow(500, 880, 300)}
    <path d="M360 170 L250 215 L120 360 L215 450 L290 385 L290 850 L710 850 L710 385 L785 450 L880 360 L750 215 L640 170 C610 230 560 255 500 255 C440 255 390 230 360 170 Z" fill="${fabric}"/>
    <path d="M360 170 C390 230 440 255 500 255 C560 255 610 230 640 170 L600 160 C580 205 545 222 500 222 C455 222 420 205 400 160 Z" fill="#000" opacity="0.12"/>
    <line x1="500" y1="255" x2="500" y2="850" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>
    ${[330, 430, 530, 630, 730].map((y) => `<circle cx="520" cy="${y}" r="9" fill="#f4efe6"/>`).join('')}
    <rect x="560" y="330" width="90" height="80" rx="6" fill="#000" opacity="0.08"/>`,
  );
}

export function patternSvg(): string {
  return frame(
    '#dfe7e1',
    `${shadow(500, 860, 330)}
    <g transform="rotate(-6 500 500)">
      <rect x="230" y="150" width="520" height="690" rx="10" fill="#fbf8f1"/>
      <path d="M300 260 h380 v420 c-60 40 -320 40 -380 0 Z" fill="none" stroke="#7a3e1d" stroke-width="6" stroke-dasharray="22 14"/>
      <path d="M400 260 c0 -90 180 -90 180 0" fill="none" stroke="#7a3e1d" stroke-width="6" stroke-dasharray="22 14"/>
      <text x="490" y="770" font-family="Georgia, serif" font-size="46" fill="#3b3631" text-anchor="middle">Everyday Tote</text>
      <text x="490" y="810" font-family="Arial, sans-serif" font-size="24" fill="#6d665e" text-anchor="middle">PDF SEWING PATTERN</text>
    </g>`,
  );
}

export function lessonSvg(): string {
  return frame(
    '#efe3d3',
    `${shadow(500, 830, 300)}
    <circle cx="500" cy="520" r="250" fill="#c8553d"/>
    <circle cx="500" cy="520" r="210" fill="none" stroke="#f6d8c8" stroke-width="10" stroke-dasharray="4 22"/>
    <rect x="470" y="250" width="60" height="190" rx="12" fill="#e7d3b5"/>
    <path d="M260 300 L760 760" stroke="#9aa3ad" stroke-width="14" stroke-linecap="round"/>
    <ellipse cx="272" cy="311" rx="14" ry="6" fill="#efe3d3" transform="rotate(42 272 311)"/>
    <path d="M272 311 C 420 220, 560 420, 700 330 S 820 520, 860 470" fill="none" stroke="#2f4858" stroke-width="6"/>`,
  );
}

export function giftCardSvg(): string {
  return frame(
    '#e8e1f0',
    `${shadow(500, 800, 360)}
    <g transform="rotate(-4 500 500)">
      <rect x="150" y="270" width="700" height="440" rx="36" fill="#2f4858"/>
      <rect x="150" y="270" width="700" height="440" rx="36" fill="url(#light)"/>
      <rect x="610" y="270" width="60" height="440" fill="#d9a441"/>
      <path d="M640 430 c-90 -110 -190 -40 -120 30 c40 40 120 10 120 -30 Z M640 430 c90 -110 190 -40 120 30 c-40 40 -120 10 -120 -30 Z" fill="#f0c25e"/>
      <text x="200" y="650" font-family="Georgia, serif" font-size="58" fill="#fbf8f1">Gift Card</text>
      <text x="200" y="350" font-family="Arial, sans-serif" font-size="30" fill="#fbf8f1" letter-spacing="6">FERN &amp; FLAX</text>
    </g>`,
  );
}

export function yarnSvg(): string {
  const strands = Array.from({ length: 9 }, (_, i) => {
    const angle = -60 + i * 15;
    return `<ellipse cx="500" cy="500" rx="240" ry="${90 + i * 8}" fill="none" stroke="#f3d2c1" stroke-opacity="0.55" stroke-width="7" transform="rotate(${angle} 500 500)"/>`;
  }).join('');
  return frame(
    '#f1ece3',
    `${shadow(500, 780, 270)}
    <circle cx="500" cy="500" r="250" fill="#b5523b"/>
    ${strands}
    <path d="M720 640 C 820 720, 760 820, 880 860" fill="none" stroke="#b5523b" stroke-width="14" stroke-linecap="round"/>
    <circle cx="330" cy="720" r="95" fill="#5b7f6a"/>
    <ellipse cx="330" cy="720" rx="90" ry="40" fill="none" stroke="#cfe0d4" stroke-opacity="0.6" stroke-width="6" transform="rotate(30 330 720)"/>`,
  );
}

export function mugSvg(): string {
  return frame(
    '#dde6ec',
    `${shadow(480, 800, 250)}
    <path d="M290 330 h360 v380 c0 60 -50 100 -110 100 h-140 c-60 0 -110 -40 -110 -100 Z" fill="#f2ede4"/>
    <path d="M650 420 c120 -10 150 170 0 210" fill="none" stroke="#f2ede4" stroke-width="44"/>
    <ellipse cx="470" cy="330" rx="180" ry="36" fill="#d8cfc1"/>
    <ellipse cx="470" cy="336" rx="160" ry="26" fill="#6b4a2f"/>
    <path d="M290 540 h360" stroke="#2f4858" stroke-width="26" opacity="0.85"/>`,
  );
}

export function apronSvg(): string {
  return frame(
    '#e9e4da',
    `${shadow(500, 880, 280)}
    <path d="M380 150 h240 v170 l130 40 v500 h-500 v-500 l130 -40 Z" fill="#4f5d3a"/>
    <path d="M380 150 C 300 80, 260 120, 240 60 M620 150 C 700 80, 740 120, 760 60" fill="none" stroke="#3b3631" stroke-width="10"/>
    <rect x="340" y="520" width="320" height="170" rx="12" fill="#000" opacity="0.12"/>
    <line x1="500" y1="520" x2="500" y2="690" stroke="#000" stroke-opacity="0.2" stroke-width="5"/>
    <path d="M250 360 C 150 420, 120 520, 100 600 M750 360 C 850 420, 880 520, 900 600" fill="none" stroke="#3b3631" stroke-width="10"/>`,
  );
}

export function heroSvg(): string {
  const width = 1600;
  const height = 700;
  const bolts = ['#c8553d', '#d9a441', '#5b7f6a', '#2f4858', '#e8dcc8', '#b5523b']
    .map((colour, i) => {
      const x = 180 + i * 230;
      return `<rect x="${x}" y="${260 - (i % 2) * 40}" width="190" height="${340 + (i % 2) * 40}" rx="18" fill="${colour}"/>
      <rect x="${x}" y="${260 - (i % 2) * 40}" width="190" height="46" rx="18" fill="#fff" opacity="0.18"/>`;
    })
    .join('');
  return frame(
    '#efe8dc',
    `<rect x="0" y="600" width="${width}" height="100" fill="#d8cdbb"/>${bolts}`,
    width,
    height,
  );
}

export async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}
