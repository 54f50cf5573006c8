/** SVG drawings for the image-screening fixtures: faces (to be refused) and scenes without people. */

const W = 512;
const H = 384;
const svg = (body: string, bg = "#ffffff", w = W, h = H) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${bg}"/>${body}</svg>`;

type Face = {
  skin: string;
  shade: string;
  hair: string;
  iris: string;
  age: "child" | "adult" | "elderly";
  shirt: string;
  bg: string;
};

function portrait(f: Face): string {
  const child = f.age === "child";
  const old = f.age === "elderly";
  const headRx = child ? 92 : 80;
  const headRy = child ? 100 : 108;
  const eyeY = child ? 212 : 190;
  const eyeR = child ? 17 : 13;
  const wrinkles = old
    ? `<path d="M176 ${eyeY - 34} q32 -8 64 0 M272 ${eyeY - 34} q32 -8 64 0 M196 ${eyeY + 12} q-10 6 -18 2 M316 ${eyeY + 12} q10 6 18 2 M206 262 q-8 20 4 36 M306 262 q8 20 -4 36" stroke="${f.shade}" stroke-width="3" fill="none"/>`
    : "";
  const eye = (x: number) =>
    `<ellipse cx="${x}" cy="${eyeY}" rx="${eyeR + 9}" ry="${eyeR}" fill="#fdfdfd" stroke="${f.shade}" stroke-width="2"/><circle cx="${x}" cy="${eyeY}" r="${eyeR - 3}" fill="${f.iris}"/><circle cx="${x}" cy="${eyeY}" r="${eyeR - 8}" fill="#111"/><circle cx="${x + 3}" cy="${eyeY - 4}" r="2.5" fill="#fff"/>`;
  return svg(
    `<defs><radialGradient id="s" cx="0.45" cy="0.4" r="0.7"><stop offset="0.6" stop-color="${f.skin}"/><stop offset="1" stop-color="${f.shade}"/></radialGradient></defs>
    <rect x="216" y="280" width="80" height="70" fill="${f.shade}"/>
    <path d="M96 384 q30 -70 160 -74 q130 4 160 74 z" fill="${f.shirt}"/>
    <ellipse cx="256" cy="${old ? 150 : 140}" rx="${headRx + 14}" ry="${headRy - 10}" fill="${f.hair}"/>
    <ellipse cx="${256 - headRx}" cy="${eyeY + 20}" rx="14" ry="24" fill="${f.shade}"/><ellipse cx="${256 + headRx}" cy="${eyeY + 20}" rx="14" ry="24" fill="${f.shade}"/>
    <ellipse cx="256" cy="200" rx="${headRx}" ry="${headRy}" fill="url(#s)"/>
    <path d="M${256 - headRx} 170 q${headRx} -110 ${headRx * 2} 0 q-20 -70 -${headRx} -78 q-${headRx - 20} 8 -${headRx} 78z" fill="${f.hair}"/>
    <path d="M${222 - eyeR} ${eyeY - 26} q20 -10 40 0 M${290 - eyeR} ${eyeY - 26} q20 -10 40 0" stroke="${f.hair === "#e8e8e8" ? "#9a9a9a" : f.hair}" stroke-width="6" fill="none" stroke-linecap="round"/>
    ${eye(222)}${eye(290)}
    <path d="M256 ${eyeY + 10} q-8 34 -14 44 q14 8 28 0" stroke="${f.shade}" stroke-width="3" fill="none"/>
    <path d="M226 ${child ? 272 : 262} q30 ${child ? 24 : 18} 60 0 q-30 8 -60 0z" fill="#b5535b"/>
    ${wrinkles}
    ${old ? `<g stroke="#333" stroke-width="3" fill="none"><circle cx="222" cy="${eyeY}" r="30"/><circle cx="290" cy="${eyeY}" r="30"/><path d="M252 ${eyeY} h8"/></g>` : ""}`,
    f.bg,
  );
}

export const DRAWN_FACES: [string, string, string][] = [
  [
    "child-light",
    portrait({
      skin: "#f6d3b3",
      shade: "#d9a982",
      hair: "#c9902f",
      iris: "#3a6ea5",
      age: "child",
      shirt: "#e34b4b",
      bg: "#cfe8f7",
    }),
    "child, light skin",
  ],
  [
    "child-dark",
    portrait({
      skin: "#7a4a2a",
      shade: "#5a3219",
      hair: "#1b120c",
      iris: "#3b2314",
      age: "child",
      shirt: "#f2c230",
      bg: "#e9dcf5",
    }),
    "child, dark skin",
  ],
  [
    "adult-medium",
    portrait({
      skin: "#c68642",
      shade: "#9c6230",
      hair: "#2b1a10",
      iris: "#4d3219",
      age: "adult",
      shirt: "#2f6f4f",
      bg: "#f3efe6",
    }),
    "adult, medium skin",
  ],
  [
    "adult-deep",
    portrait({
      skin: "#4b2c1a",
      shade: "#30190c",
      hair: "#0d0806",
      iris: "#24150b",
      age: "adult",
      shirt: "#3b4a8c",
      bg: "#dfe7df",
    }),
    "adult, deep skin",
  ],
  [
    "adult-light",
    portrait({
      skin: "#ffdbac",
      shade: "#e0b088",
      hair: "#7b4b2a",
      iris: "#4f7a3a",
      age: "adult",
      shirt: "#444444",
      bg: "#f7e6d7",
    }),
    "adult, light skin",
  ],
  [
    "elderly-light",
    portrait({
      skin: "#f1c9a5",
      shade: "#cf9f7c",
      hair: "#e8e8e8",
      iris: "#6b7f90",
      age: "elderly",
      shirt: "#7b5e3b",
      bg: "#e6eef5",
    }),
    "elderly, light skin",
  ],
  [
    "elderly-dark",
    portrait({
      skin: "#8d5524",
      shade: "#653a15",
      hair: "#e8e8e8",
      iris: "#3a2210",
      age: "elderly",
      shirt: "#5e2a4c",
      bg: "#f0ead8",
    }),
    "elderly, dark skin",
  ],
];

const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`;
const tree = (x: number, y: number, s = 1) =>
  `<rect x="${x - 6 * s}" y="${y}" width="${12 * s}" height="${40 * s}" fill="#6b4423"/><polygon points="${x},${y - 70 * s} ${x - 34 * s},${y + 6 * s} ${x + 34 * s},${y + 6 * s}" fill="#2f6b34"/>`;
const windows = (x: number, y: number, cols: number, rows: number) =>
  Array.from(
    { length: cols * rows },
    (_, i) =>
      `<rect x="${x + (i % cols) * 16}" y="${y + Math.floor(i / cols) * 20}" width="9" height="12" fill="#f6e27a"/>`,
  ).join("");

export const SCENES: [string, string, string][] = [
  [
    "sunset",
    svg(
      `${sky("#ff7e5f", "#feb47b")}<circle cx="256" cy="260" r="60" fill="#ffdd55"/><rect y="280" width="${W}" height="104" fill="#2c3e50"/>`,
    ),
    "landscape, sunset over sea",
  ],
  [
    "mountains",
    svg(
      `${sky("#6fb1e0", "#d8eefa")}<polygon points="0,300 140,120 260,300" fill="#6d7b8a"/><polygon points="180,300 340,90 512,300" fill="#56606b"/><polygon points="310,128 340,90 372,130 350,122" fill="#fff"/><rect y="300" width="${W}" height="84" fill="#3d7ea6"/>`,
    ),
    "landscape, mountains and lake",
  ],
  [
    "skyline",
    svg(
      `${sky("#0b1d3a", "#29476e")}<rect x="30" y="170" width="70" height="214" fill="#1c2533"/>${windows(38, 180, 4, 9)}<rect x="120" y="110" width="90" height="274" fill="#222d3d"/>${windows(130, 120, 5, 12)}<rect x="230" y="200" width="60" height="184" fill="#1a2230"/>${windows(236, 210, 3, 8)}<rect x="310" y="80" width="80" height="304" fill="#263246"/>${windows(318, 90, 4, 14)}<rect x="410" y="150" width="80" height="234" fill="#1e2838"/>${windows(418, 160, 4, 10)}`,
    ),
    "architecture, city skyline at night",
  ],
  [
    "house",
    svg(
      `${sky("#9fd3f5", "#e6f5fd")}<rect y="300" width="${W}" height="84" fill="#5fa843"/><rect x="160" y="180" width="200" height="140" fill="#e8d3a9"/><polygon points="140,185 260,90 380,185" fill="#a23b2a"/><rect x="240" y="250" width="44" height="70" fill="#6b4423"/><rect x="180" y="210" width="40" height="36" fill="#bfe3f7" stroke="#fff" stroke-width="4"/><rect x="300" y="210" width="40" height="36" fill="#bfe3f7" stroke="#fff" stroke-width="4"/>`,
    ),
    "architecture, house",
  ],
  [
    "forest",
    svg(
      `${sky("#b7dcf2", "#eaf6e8")}<rect y="300" width="${W}" height="84" fill="#4e8a3a"/>${[40, 110, 180, 250, 320, 390, 460].map((x, i) => tree(x, 250 + (i % 2) * 20, 1.2)).join("")}`,
    ),
    "landscape, forest",
  ],
  [
    "fruit-bowl",
    svg(
      `<rect y="260" width="${W}" height="124" fill="#8b5a2b"/><circle cx="200" cy="220" r="46" fill="#d62828"/><circle cx="290" cy="214" r="44" fill="#f77f00"/><circle cx="248" cy="180" r="40" fill="#7cb518"/><path d="M150 250 q100 40 220 0 l-10 50 q-100 30 -200 0z" fill="#e9e4d8"/><path d="M330 170 q60 -30 80 30" stroke="#f4d35e" stroke-width="22" fill="none" stroke-linecap="round"/>`,
      "#f4efe6",
    ),
    "food, fruit bowl",
  ],
  [
    "pizza",
    svg(
      `<circle cx="256" cy="192" r="150" fill="#e0a95b"/><circle cx="256" cy="192" r="130" fill="#d9412b"/><circle cx="256" cy="192" r="122" fill="#f3d27a" opacity="0.8"/>${[
        [200, 150],
        [300, 140],
        [250, 230],
        [180, 230],
        [320, 240],
        [260, 100],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="16" fill="#a4161a"/>`)
        .join("")}<path d="M150 120 l230 150" stroke="#6a994e" stroke-width="6"/>`,
      "#3c2f2f",
    ),
    "food, pizza from above",
  ],
  [
    "coffee",
    svg(
      `<rect y="280" width="${W}" height="104" fill="#c9a27e"/><ellipse cx="256" cy="290" rx="120" ry="24" fill="#f5f5f5"/><path d="M186 150 h140 l-14 130 h-112z" fill="#fafafa" stroke="#ddd" stroke-width="3"/><ellipse cx="256" cy="152" rx="70" ry="14" fill="#6f4e37"/><path d="M326 180 q44 10 10 60" stroke="#fafafa" stroke-width="12" fill="none"/>`,
      "#efe7dc",
    ),
    "product, coffee cup",
  ],
  [
    "car",
    svg(
      `${sky("#cde7f7", "#f3f9fd")}<rect y="290" width="${W}" height="94" fill="#555"/><path d="M90 270 l40 -60 h190 l60 60 h40 v40 h-360 z" fill="#1d6fd1"/><rect x="150" y="220" width="70" height="40" fill="#bfe3f7"/><rect x="235" y="220" width="80" height="40" fill="#bfe3f7"/><circle cx="160" cy="312" r="30" fill="#222"/><circle cx="360" cy="312" r="30" fill="#222"/><circle cx="160" cy="312" r="12" fill="#aaa"/><circle cx="360" cy="312" r="12" fill="#aaa"/>`,
    ),
    "product, car",
  ],
  [
    "sailboat",
    svg(
      `${sky("#87ceeb", "#e0f6ff")}<rect y="250" width="${W}" height="134" fill="#1f6f9f"/><path d="M170 250 h180 l-30 40 h-120z" fill="#7a4b2a"/><polygon points="256,70 256,240 170,240" fill="#fff"/><polygon points="264,90 264,240 340,240" fill="#f1f1f1"/><rect x="254" y="60" width="6" height="190" fill="#4a3020"/>`,
    ),
    "vehicle, sailboat at sea",
  ],
  [
    "desert",
    svg(
      `${sky("#f9d29d", "#ffe8c2")}<path d="M0 280 q128 -40 256 0 t256 0 v104 h-512z" fill="#e2a65b"/><rect x="340" y="150" width="26" height="140" rx="12" fill="#3f7d3a"/><path d="M340 210 h-30 v-40" stroke="#3f7d3a" stroke-width="20" fill="none" stroke-linecap="round"/><path d="M366 190 h30 v-36" stroke="#3f7d3a" stroke-width="20" fill="none" stroke-linecap="round"/><circle cx="110" cy="90" r="40" fill="#fff3b0"/>`,
    ),
    "landscape, desert and cactus",
  ],
  [
    "flowers",
    svg(
      `${sky("#bfe6ff", "#f2fbff")}<rect y="220" width="${W}" height="164" fill="#5ea646"/>${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 53) % W}" cy="${240 + ((i * 37) % 140)}" r="${7 + (i % 4)}" fill="${["#ff4d6d", "#ffd166", "#f8f9fa", "#c77dff"][i % 4]}"/>`).join("")}`,
    ),
    "landscape, flower field",
  ],
  [
    "cat",
    svg(
      `<ellipse cx="256" cy="290" rx="120" ry="70" fill="#f4a259"/><circle cx="256" cy="180" r="80" fill="#f4a259"/><polygon points="190,130 200,60 240,112" fill="#f4a259"/><polygon points="322,130 312,60 272,112" fill="#f4a259"/><ellipse cx="226" cy="175" rx="12" ry="16" fill="#2d6a4f"/><ellipse cx="286" cy="175" rx="12" ry="16" fill="#2d6a4f"/><polygon points="248,205 264,205 256,215" fill="#e56b6f"/><path d="M200 215 h-50 M200 225 h-50 M312 215 h50 M312 225 h50" stroke="#333" stroke-width="2"/>`,
      "#e9f5db",
    ),
    "animal, cat (drawn)",
  ],
  [
    "dog",
    svg(
      `<rect y="300" width="${W}" height="84" fill="#90be6d"/><ellipse cx="260" cy="260" rx="130" ry="60" fill="#a0522d"/><circle cx="380" cy="200" r="52" fill="#a0522d"/><ellipse cx="410" cy="170" rx="18" ry="38" fill="#6b3519"/><circle cx="400" cy="192" r="6" fill="#111"/><circle cx="430" cy="212" r="8" fill="#111"/><rect x="170" y="300" width="20" height="50" fill="#a0522d"/><rect x="320" y="300" width="20" height="50" fill="#a0522d"/><path d="M132 240 q-40 -30 -20 -60" stroke="#a0522d" stroke-width="14" fill="none"/>`,
      "#dff3ff",
    ),
    "animal, dog in profile (drawn)",
  ],
  [
    "fish",
    svg(
      `<ellipse cx="240" cy="190" rx="110" ry="60" fill="#ff9f1c"/><polygon points="340,190 420,130 420,250" fill="#ff9f1c"/><circle cx="180" cy="175" r="10" fill="#fff"/><circle cx="180" cy="175" r="5" fill="#000"/>${Array.from({ length: 12 }, (_, i) => `<circle cx="${40 + i * 40}" cy="${60 + (i % 3) * 110}" r="${4 + (i % 3) * 2}" fill="#cdeffd" opacity="0.8"/>`).join("")}`,
      "#0f4c75",
    ),
    "animal, fish in water",
  ],
  [
    "bird",
    svg(
      `${sky("#a8dadc", "#f1faee")}<path d="M40 260 q200 -20 440 10" stroke="#6b4423" stroke-width="12" fill="none"/><ellipse cx="260" cy="215" rx="54" ry="38" fill="#e63946"/><circle cx="305" cy="185" r="24" fill="#e63946"/><polygon points="326,184 350,190 326,196" fill="#f4a261"/><circle cx="311" cy="180" r="4" fill="#000"/><path d="M210 210 l-50 20 l50 5z" fill="#9d0208"/>`,
    ),
    "animal, bird on a branch",
  ],
  [
    "bridge",
    svg(
      `${sky("#caf0f8", "#ade8f4")}<rect y="290" width="${W}" height="94" fill="#0077b6"/><rect y="230" width="${W}" height="16" fill="#9d0208"/><rect x="120" y="80" width="20" height="210" fill="#9d0208"/><rect x="372" y="80" width="20" height="210" fill="#9d0208"/><path d="M0 120 Q130 240 130 90 Q256 250 382 90 Q382 240 512 120" stroke="#9d0208" stroke-width="5" fill="none"/>`,
    ),
    "architecture, suspension bridge",
  ],
  [
    "arches",
    svg(
      `<rect x="40" y="60" width="432" height="300" fill="#d6c7a1"/>${[70, 180, 290, 400].map((x) => `<path d="M${x} 340 v-150 a40 40 0 0 1 80 0 v150z" fill="#5c4d3c"/>`).join("")}<rect x="40" y="40" width="432" height="30" fill="#b8a67f"/>`,
      "#f0e6d2",
    ),
    "architecture, colonnade",
  ],
  [
    "clock",
    svg(
      `<circle cx="256" cy="192" r="140" fill="#fff" stroke="#333" stroke-width="12"/>${Array.from({ length: 12 }, (_, i) => `<rect x="252" y="62" width="8" height="22" fill="#333" transform="rotate(${i * 30} 256 192)"/>`).join("")}<path d="M256 192 v-90 M256 192 h60" stroke="#111" stroke-width="8" stroke-linecap="round"/><circle cx="256" cy="192" r="8" fill="#c1121f"/>`,
      "#e9ecef",
    ),
    "product, wall clock",
  ],
  [
    "phone",
    svg(
      `<rect x="186" y="40" width="140" height="300" rx="22" fill="#1b1b1b"/><rect x="196" y="66" width="120" height="250" fill="#4cc9f0"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${206 + (i % 3) * 38}" y="${80 + Math.floor(i / 3) * 48}" width="26" height="26" rx="6" fill="${["#f72585", "#7209b7", "#3a0ca3", "#4361ee"][i % 4]}"/>`).join("")}`,
      "#f8f9fa",
    ),
    "product, smartphone",
  ],
  [
    "bookshelf",
    svg(
      `<rect x="60" y="30" width="392" height="330" fill="#7f5539"/>${[40, 150, 260].map((y) => Array.from({ length: 14 }, (_, i) => `<rect x="${76 + i * 26}" y="${y + 10 + (i % 3) * 6}" width="22" height="${88 - (i % 3) * 6}" fill="${["#bc4749", "#386641", "#f2e8cf", "#264653", "#e9c46a"][i % 5]}"/>`).join("")).join("")}`,
      "#ede0d4",
    ),
    "interior, bookshelf",
  ],
  [
    "chart",
    svg(
      `<path d="M60 330 h400 M60 330 v-280" stroke="#333" stroke-width="3"/>${[80, 140, 200, 260, 320, 380].map((x, i) => `<rect x="${x}" y="${330 - (60 + i * 38)}" width="40" height="${60 + i * 38}" fill="#4361ee"/>`).join("")}<path d="M80 260 L160 220 L240 240 L320 150 L420 90" stroke="#f72585" stroke-width="5" fill="none"/>`,
    ),
    "illustration, chart",
  ],
  [
    "abstract",
    svg(
      `${Array.from({ length: 18 }, (_, i) => `<rect x="${(i * 71) % 460}" y="${(i * 43) % 330}" width="${40 + (i % 5) * 20}" height="${30 + (i % 4) * 25}" fill="${["#ffbe0b", "#fb5607", "#ff006e", "#8338ec", "#3a86ff"][i % 5]}" opacity="0.85" transform="rotate(${(i * 17) % 40} 256 192)"/>`).join("")}`,
      "#fffcf2",
    ),
    "illustration, abstract shapes",
  ],
  [
    "snowman-free-winter",
    svg(
      `${sky("#d7e3fc", "#f8f9fa")}<rect y="280" width="${W}" height="104" fill="#ffffff"/>${tree(100, 230, 1.3)}${tree(420, 240, 1.1)}<path d="M180 120 l20 -30 l20 30 M300 100 l20 -30 l20 30" stroke="#fff" stroke-width="3" fill="none"/>`,
    ),
    "landscape, winter trees",
  ],
];
