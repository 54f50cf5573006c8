import assert from "node:assert/strict";
import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import sharp from "sharp";
import { MAX_IMAGE_BYTES, normalizeImage, sniffImage } from "@/lib/media/images/decode";
import {
  readImage,
  removeExpiredUploads,
  saveImage,
  UPLOAD_TTL_MS,
} from "@/lib/media/images/image-store";
import { parseImageRef } from "@/lib/catalog/requests/image-ref";
import { RefusalError } from "@/lib/platform/errors/refusal";
import { createLocalStore } from "@/lib/media/storage/local-store";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#4477aa" } });

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof RefusalError, `expected a RefusalError, got ${String(error)}`);
  return error.code;
}

test("formats are judged by their bytes; non-images, truncated files and polyglots are refused", async () => {
  const png = await solid(64, 48).png().toBuffer();
  const jpeg = await solid(320, 240).jpeg().toBuffer();
  const webp = await solid(64, 48).webp().toBuffer();
  assert.equal(sniffImage(png), "image/png");
  assert.equal(sniffImage(jpeg), "image/jpeg");
  assert.equal(sniffImage(webp), "image/webp");
  assert.equal(
    await code(normalizeImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))),
    "unsupported_image",
  );
  assert.equal(
    await code(normalizeImage(Buffer.from("GIF89a\x01\x00\x01\x00"))),
    "unsupported_image",
  );
  assert.equal(
    await code(normalizeImage(Buffer.from("%PDF-1.7 not an image"))),
    "unsupported_image",
  );
  assert.equal(
    await code(normalizeImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)))),
    "unsupported_image",
  );
  assert.equal(await code(normalizeImage(png.subarray(0, png.length - 20))), "unsupported_image");
  assert.equal(
    await code(
      normalizeImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
    ),
    "unsupported_image",
  );
});

test("size and dimension limits: over 10 MB, over 4096 px a side, animated", async () => {
  assert.equal(
    await code(normalizeImage(Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff))),
    "image_too_large",
  );
  const wide = await solid(4097, 8).png().toBuffer();
  assert.equal(await code(normalizeImage(wide)), "image_dimensions");
  const tall = await solid(8, 5000).jpeg().toBuffer();
  assert.equal(await code(normalizeImage(tall)), "image_dimensions");
  const ok = await normalizeImage(await solid(4096, 16).png().toBuffer());
  assert.equal(ok.width, 4096);
  // An animated WebP: two frames joined.
  const frame = (background: string) =>
    sharp({ create: { width: 16, height: 16, channels: 3, background } })
      .png()
      .toBuffer();
  const anim = await sharp([await frame("#ff0000"), await frame("#00ff00")], {
    join: { animated: true },
  })
    .webp({ loop: 0 })
    .toBuffer();
  assert.equal((await sharp(anim).metadata()).pages, 2);
  assert.equal(await code(normalizeImage(anim)), "unsupported_image");
  // An APNG (acTL chunk before IDAT) is refused although libvips would decode its first frame.
  const apng = await solid(8, 8).png().toBuffer();
  const acTL = Buffer.from([
    0, 0, 0, 8, 0x61, 0x63, 0x54, 0x4c, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0,
  ]);
  const ihdrEnd = 8 + 25;
  assert.equal(
    await code(
      normalizeImage(Buffer.concat([apng.subarray(0, ihdrEnd), acTL, apng.subarray(ihdrEnd)])),
    ),
    "unsupported_image",
  );
});

test("re-encoding keeps the pixels, drops metadata and trailing bytes, applies the orientation, and is content-addressed", async () => {
  const withExif = await solid(60, 40)
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Copyright: "secret-owner", ImageDescription: "gps here" } },
    })
    .toBuffer();
  const smuggled = Buffer.concat([withExif, Buffer.from("<?php system($_GET['c']); ?>")]);
  const image = await normalizeImage(smuggled);
  assert.equal(image.mime, "image/jpeg");
  assert.deepEqual(
    [image.width, image.height],
    [40, 60],
    "orientation 6 rotates a 60x40 image to 40x60",
  );
  const meta = await sharp(image.bytes).metadata();
  assert.equal(meta.exif, undefined);
  assert.equal(meta.orientation, undefined);
  assert.ok(!image.bytes.includes(Buffer.from("secret-owner")));
  assert.ok(!image.bytes.includes(Buffer.from("<?php")));
  const again = await normalizeImage(smuggled);
  assert.equal(again.id, image.id, "same bytes, same id");
  assert.match(image.id, /^upl_[0-9a-f]{64}$/);
  const other = await normalizeImage(await solid(60, 41).jpeg().toBuffer());
  assert.notEqual(other.id, image.id);
});

test("image references: upload ids and http(s) URLs only", () => {
  const id = `upl_${"ab".repeat(32)}`;
  assert.deepEqual(parseImageRef(id), { upload: id });
  assert.deepEqual(parseImageRef("https://cdn.example/a.png"), {
    url: "https://cdn.example/a.png",
  });
  for (const bad of [
    "upl_123",
    "file:///etc/passwd",
    "data:image/png;base64,AAAA",
    "javascript:alert(1)",
    "https://u:p@x.example/a.png",
    "not a url",
    `https://x.example/${"a".repeat(3000)}`,
  ]) {
    assert.equal(parseImageRef(bad), null, bad);
  }
});

const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test("stored uploads are read back by id, refused once expired, and removed by the cleanup after 24 hours", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reel402-uploads-"));
  dirs.push(dir);
  const store = createLocalStore({ dir, secret: "upload-test-secret-0123456789abcdef" });
  const image = await normalizeImage(await solid(30, 20).png().toBuffer());
  const then = new Date("2026-01-01T00:00:00Z");
  await saveImage(store, image, then);
  const back = await readImage(store, image.id, new Date(then.getTime() + 1000));
  assert.ok(back.bytes.equals(image.bytes));
  assert.equal(
    await code(readImage(store, image.id, new Date(then.getTime() + UPLOAD_TTL_MS))),
    "upload_expired",
  );
  assert.equal(await code(readImage(store, `upl_${"0".repeat(64)}`)), "upload_not_found");
  assert.equal(await code(readImage(store, "../../etc/passwd")), "upload_not_found");
  await store.writeRecord("audit-checkpoint", "{}");
  assert.equal(await removeExpiredUploads(store), 0, "a fresh upload is kept");
  const old = new Date(Date.now() - UPLOAD_TTL_MS - 60_000);
  await utimes(path.join(dir, `${image.id}.json`), old, old);
  assert.equal(await removeExpiredUploads(store), 1);
  assert.equal(await store.readRecord(image.id), null);
  assert.equal(await store.readRecord("audit-checkpoint"), "{}", "other records are untouched");
});
