"use client";

import { useEffect, useRef, useState } from "react";
import { upstreamImageProblem } from "@/lib/catalog/browser";
import { nearestRatio } from "@/lib/jobs/browser";
import type { StudioConfig } from "@/lib/http/browser";

/** A picture the person chose, checked in the browser; the server checks (and screens) it again. */
export type PickedImage = { file: File; url: string; width: number; height: number; ratio: string };

type Props = {
  label: string;
  name: string;
  limits: StudioConfig["images"];
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  disabled?: boolean;
};

function dimensions(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error("unreadable"));
    img.src = url;
  });
}

const mib = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MiB`;

/** Drop or pick one JPEG, PNG or WebP; shows a preview, its size and the ratio adaptive would use. */
export function ImagePicker({ label, name, limits, value, onChange, disabled }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => (value ? URL.revokeObjectURL(value.url) : undefined), [value]);

  async function take(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (!limits.types.includes(file.type))
      return setError(`${file.name || "This file"} is not a JPEG, PNG or WebP image.`);
    if (file.size > limits.maxBytes)
      return setError(`${file.name} is ${mib(file.size)}; the limit is ${mib(limits.maxBytes)}.`);
    const url = URL.createObjectURL(file);
    try {
      const { width, height } = await dimensions(url);
      if (width > limits.maxSide || height > limits.maxSide) {
        URL.revokeObjectURL(url);
        return setError(
          `${file.name} is ${width}×${height}; at most ${limits.maxSide} pixels a side.`,
        );
      }
      // The same rule the server applies before any quote: what the video models take.
      const problem = upstreamImageProblem({ width, height });
      if (problem) {
        URL.revokeObjectURL(url);
        return setError(`${file.name}: ${problem}`);
      }
      onChange({ file, url, width, height, ratio: nearestRatio(width, height) });
    } catch {
      URL.revokeObjectURL(url);
      setError(`${file.name} could not be read as an image.`);
    }
  }

  return (
    <div className="field">
      <span>{label}</span>
      <label
        className={`drop ${over ? "over" : ""}`}
        data-testid={`${name}-drop`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled) void take(e.dataTransfer.files[0]);
        }}
      >
        <input
          ref={input}
          type="file"
          name={name}
          accept={limits.types.join(",")}
          disabled={disabled}
          onChange={(e) => void take(e.target.files?.[0])}
          aria-label={label}
        />
        {value ? (
          // biome-ignore lint/performance/noImgElement: a local object URL, not an optimisable asset
          <img
            src={value.url}
            alt={`${label} preview`}
            className="drop-preview"
            data-testid={`${name}-preview`}
          />
        ) : (
          <span className="muted">
            Drop a JPEG, PNG or WebP here, or click to choose (up to {mib(limits.maxBytes)}).
          </span>
        )}
      </label>
      {value && (
        <span className="small muted" data-testid={`${name}-info`}>
          {value.file.name} · {value.width}×{value.height} · {mib(value.file.size)} · adaptive ratio{" "}
          {value.ratio}{" "}
          <button
            type="button"
            className="link"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = "";
            }}
          >
            Remove
          </button>
        </span>
      )}
      {error && (
        <span className="small error" role="alert" data-testid={`${name}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
