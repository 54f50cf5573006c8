import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkedDownload } from "@/lib/jobs/providers/checked-download";
import { createLocalStore } from "@/lib/media/storage/local-store";

const MB = 1024 * 1024;

/** Peak memory while a 200 MB upstream video is streamed into the store (the job's delivery path). */
export async function benchDeliveryMemory(sizeMb = 200): Promise<void> {
  const payload = sizeMb * MB;
  const chunk = Buffer.alloc(64 * 1024);
  const server = createServer((_req, res) => {
    const ftyp = Buffer.from("00000018667479706d703432000000006d70343269736f6d", "hex");
    // An empty moov box: the delivery check wants the top-level boxes of a real MP4.
    const moov = Buffer.from("000000086d6f6f76", "hex");
    const mdat = Buffer.alloc(8);
    mdat.writeUInt32BE(payload + 8, 0);
    mdat.write("mdat", 4, "latin1");
    res.writeHead(200, {
      "content-type": "video/mp4",
      "content-length": String(ftyp.length + moov.length + 8 + payload),
    });
    res.write(ftyp);
    res.write(moov);
    res.write(mdat);
    let sent = 0;
    const pump = () => {
      while (sent < payload) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-bench-"));
  const store = createLocalStore({ dir, secret: "s".repeat(32) });
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t = performance.now();
  try {
    const download = await checkedDownload(fetch, `http://127.0.0.1:${port}/video.mp4`, 30_000);
    const { size } = await store.put("bench-video", download.body, download.contentType);
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    console.log(`delivery-memory (${sizeMb} MB upstream video → local store)`);
    console.log(
      `  stored ${(size / MB).toFixed(1)} MB in ${seconds.toFixed(2)} s (${(size / MB / seconds).toFixed(0)} MB/s)`,
    );
    console.log(
      `  RSS before ${(base / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth ${((peak - base) / MB).toFixed(1)} MB`,
    );
  } finally {
    clearInterval(sampler);
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
