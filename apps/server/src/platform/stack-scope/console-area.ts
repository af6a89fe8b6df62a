import { AREA_ROLES, type ConsoleArea, type StaffRole } from '@agora/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The console areas (contract AREA_ROLES) a route serves; its `roles` are theirs, nothing else. */
    areas?: readonly ConsoleArea[];
  }
}

/**
 * A community route's access, from the areas it serves (spec mgmt §6, declared once in the contract):
 * `config: { ...areaAccess('theme') }`. A route shared by several areas admits each one's roles
 * (the service then checks what belongs to which, e.g. each preference's area).
 */
export function areaAccess(...areas: [ConsoleArea, ...ConsoleArea[]]): {
  areas: readonly ConsoleArea[];
  roles: readonly StaffRole[];
} {
  const roles = new Set<StaffRole>(areas.flatMap((area) => AREA_ROLES[area]));
  return { areas, roles: [...roles] };
}
