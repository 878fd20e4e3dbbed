export const NGINX: string;
export function writeNginxConfig(options: {
  root: string;
  listenPort: number;
  appPorts: number[];
  repository?: string;
}): { file: string; accessLog: string };
export function nginxArgs(root: string, file: string): string[];
