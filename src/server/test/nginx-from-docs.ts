import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { blocksUnder } from './deploy-doc';

/**
 * The nginx site of docs/DEPLOY.md, run as written in front of test processes. The
 * block is cut out of the page and changed only where a test must: the upstream's ports, the
 * listening addresses, a throwaway certificate and temporary directories.
 */
const run = promisify(execFile);
const NGINX = '/usr/sbin/nginx';

export function nginxUnavailable(): string | undefined {
  if (!existsSync(NGINX)) return 'no /usr/sbin/nginx (npm test installs it: apt-get install nginx)';
  return undefined;
}

export function siteFromDeployDoc(): string {
  const [block] = blocksUnder('## The nginx site', 'nginx');
  if (!block) throw new Error('docs/DEPLOY.md has no nginx block under "## The nginx site"');
  return block;
}

export interface RunningNginx {
  httpUrl: string;
  httpsPort: number;
  stop(): Promise<void>;
}

export async function startNginxFromDocs(options: {
  upstreamPorts: [number, number];
  httpPort: number;
  httpsPort: number;
}): Promise<RunningNginx> {
  const dir = mkdtempSync('/tmp/og-nginx-');
  const [first, second] = options.upstreamPorts;
  const site = siteFromDeployDoc()
    .replace('server 127.0.0.1:3000', `server 127.0.0.1:${first}`)
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${second}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${options.httpPort};`)
    .replace(/listen \[::\]:80;\n/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.httpsPort} ssl http2;`)
    .replace(/ {4}listen \[::\]:443 ssl http2;\n/, '')
    .replace(/ssl_certificate +\S+;/, `ssl_certificate ${dir}/cert.pem;`)
    .replace(/ssl_certificate_key +\S+;/, `ssl_certificate_key ${dir}/key.pem;`)
    .replace('/var/lib/nginx/og_assets', `${dir}/cache`)
    // The redirect names the port the test listens on.
    .replace(
      'return 301 https://$host$request_uri;',
      `return 301 https://$host:${options.httpsPort}$request_uri;`,
    );
  for (const [from, to] of [
    [`server 127.0.0.1:${first}`, 'upstream port'],
    [`${dir}/cert.pem`, 'certificate'],
    [`listen 127.0.0.1:${options.httpsPort}`, 'https listen'],
    [`${dir}/cache`, 'asset cache path'],
  ]) {
    if (!site.includes(from!)) throw new Error(`the nginx block changed: no ${to} to replace`);
  }
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=og.example.jp',
    '-keyout',
    `${dir}/key.pem`,
    '-out',
    `${dir}/cert.pem`,
  ]);
  writeFileSync(path.join(dir, 'site.conf'), site);
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${asRoot ? 'user root;\n' : ''}daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  await run(NGINX, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`]).catch((error: unknown) => {
    throw new Error(
      `nginx -t refused the config from docs/DEPLOY.md: ${String((error as { stderr?: string }).stderr ?? error)}`,
    );
  });
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', `${dir}/nginx.conf`], {
    stdio: 'ignore',
  });
  const httpUrl = `http://127.0.0.1:${options.httpPort}`;
  for (let tries = 0; ; tries++) {
    try {
      await httpsRequest(options.httpsPort, 'GET', '/healthz');
      break;
    } catch (error) {
      if (tries > 100 || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`nginx did not answer: ${String(error)}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    httpUrl,
    httpsPort: options.httpsPort,
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request to nginx's https port, accepting its throwaway certificate. */
export function httpsRequest(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: '127.0.0.1', port, method, path: url, headers, rejectUnauthorized: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** A plain-http request (nginx's port 80 equivalent). */
export function httpRequest(url: string): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' }),
        );
      })
      .on('error', reject);
  });
}
