/**
 * Debian's Chromium, started the way the browser check needs it (headless, sandbox off for
 * containers, nothing fetched from the network, a fresh profile), and driven by
 * playwright-core over the DevTools protocol. No browser is downloaded by npm.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/** The flags every start uses (scripts/chromium.sh installs the browser). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** The browser binary: `CMS_CHROMIUM`, else Debian's; `undefined` when there is none. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CMS_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];
  return candidates.find((path): path is string => path !== undefined && path !== '' && existsSync(path));
}

/** A started browser and how to stop it. */
export interface StartedBrowser {
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Starts the browser on a fresh profile and connects to it; fails after `timeoutMs`. */
export async function startChromium(executable: string, options: { timeoutMs: number }): Promise<StartedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'cms-chromium-'));
  const child: ChildProcess = spawn(
    executable,
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  // The browser's own helper processes (zygote, renderers) share its process group.
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      signalGroup('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    signalGroup('SIGKILL');
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove the browser profile ${profile}: ${String(error)}`);
    }
  };
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () => reject(new Error(`Chromium did not start in time:\n${seen.slice(-2000)}`)),
        options.timeoutMs,
      );
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text: string) => {
        seen += text;
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
        if (found !== null) {
          clearTimeout(timer);
          resolve(found[1] as string);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${String(code)}):\n${seen.slice(-2000)}`));
      });
    });
    const browser = await chromium.connectOverCDP(endpoint, { timeout: options.timeoutMs });
    return {
      browser,
      async close() {
        await browser.close().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
