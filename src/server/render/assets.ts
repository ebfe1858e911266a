/** The client assets the build wrote, read from its manifest, and the CSP hash of the loader. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetRefs } from '../../shared/components/Document';
import { joinPath } from '../../shared/format';

export interface Assets extends AssetRefs {
  /** 'sha256-…' of the inline loader script, for the CSP. */
  readonly loaderHash: string;
  /** The folder served at <base path>/assets, or null when there is none (tests). */
  readonly dir: string | null;
}

/** The build's asset paths, from the site root ('/assets/client-HASH.js'). */
export interface AssetManifest {
  readonly client: string;
  readonly stylesheet: string;
}

/**
 * The page carries one small inline module script, allowed by its hash; it adds the hashed
 * bundle, which 'strict-dynamic' then trusts. A hash (not a nonce) keeps cached pages valid.
 * Both URLs carry the base path the sites are served under.
 */
export function assetsFrom(manifest: AssetManifest, dir: string | null, basePath: string): Assets {
  const loaderScript = `const s=document.createElement("script");s.type="module";s.src=${JSON.stringify(joinPath(basePath, manifest.client))};document.head.appendChild(s);`;
  const loaderHash = `sha256-${createHash('sha256').update(loaderScript).digest('base64')}`;
  return { stylesheet: joinPath(basePath, manifest.stylesheet), loaderScript, loaderHash, dir };
}

export const MANIFEST_FILE = 'manifest.json';

/** Reads dist/public/manifest.json; fails start-up with a clear line when the build is missing. */
export function loadAssets(publicDir: string, basePath: string): Assets {
  const file = path.join(publicDir, MANIFEST_FILE);
  let manifest: AssetManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
  } catch (error) {
    throw new Error(`The client build is missing or broken (${file}): run "npm run build". ${(error as Error).message}`);
  }
  return assetsFrom(manifest, path.join(publicDir, 'assets'), basePath);
}
