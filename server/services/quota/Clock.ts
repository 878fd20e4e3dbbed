/** The current time; injected so tests can move between periods. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
