export function buildTemplate(): Promise<void>;
