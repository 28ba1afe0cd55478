import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, serviceProcess, stopServiceProcesses } from './service-process';

/** A process that answers 200 to anything on PORT, as a service's readiness does. */
const SERVER = `require('node:http').createServer((_req, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');`;

const alive = async (url: string): Promise<boolean> =>
  fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  );

describe(stopServiceProcesses.name, () => {
  const directory = mkdtempSync(join(tmpdir(), 'wave-service-process-'));
  const bundle = join(directory, 'server.js');
  writeFileSync(bundle, SERVER);
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const start = async (name: string) => {
    const service = serviceProcess({
      name,
      bundle,
      cwd: directory,
      port: await freePort(),
      env: {},
    });
    await service.start();
    return service;
  };

  it('stops what is still running, stopped or not by its owner, and starts nothing after', async () => {
    const stoppedByOwner = await start('stopped');
    const forgotten = await start('forgotten');
    await stoppedByOwner.stop();
    expect(await alive(forgotten.url)).toBe(true);

    await stopServiceProcesses();

    expect(await alive(forgotten.url)).toBe(false);
    await expect(start('late')).rejects.toThrow('late not started: its test file is over');
  });
});
