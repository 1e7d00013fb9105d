import { describe, expect, it } from 'vitest';
import { loadDriver, loadRuntimeModule, runtimeName } from './load-driver.js';

describe('loading drivers', () => {
  it('names this runtime and its version', () => {
    expect(runtimeName()).toBe(`Node ${process.versions.node}`);
  });

  it('loads an installed driver package', () => {
    expect(typeof loadDriver<{ Pool: unknown }>('pg', 'postgres://localhost/x').Pool).toBe('function');
  });

  it('refuses a runtime module this runtime lacks, saying where it exists', () => {
    expect(() => loadRuntimeModule('bun:sqlite')).toThrow(/exists only on Bun .*; this is Node /);
  });
});
