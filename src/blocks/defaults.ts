/**
 * Block prop defaults, written once: in each block's schema (`"default"`), collected into
 * `blockDefaults` by `npm run generate`, and applied here before a component renders, on the
 * server and in the browser alike. A component reads its defaulted props as given (`Resolved`).
 */
import { createElement, type ComponentType } from 'react';
import { blockDefaults, type BlockPropsByName } from '../generated/blocks.ts';

type Scalar = string | number | boolean | null;

/** `Props` with each prop `Defaults` names present; a nested object's defaulted props present when it is. */
export type Filled<Props, Defaults> = Omit<Props, keyof Defaults> & {
  -readonly [Key in keyof Defaults & keyof Props as Defaults[Key] extends Scalar ? Key : never]-?: Exclude<Props[Key], undefined>;
} & {
  -readonly [Key in keyof Defaults & keyof Props as Defaults[Key] extends Scalar ? never : Key]?: Filled<
    Exclude<Props[Key], undefined>,
    Defaults[Key]
  >;
};

/** The props of block `Name` as its component receives them. */
export type Resolved<Name extends keyof BlockPropsByName> = Filled<BlockPropsByName[Name], (typeof blockDefaults)[Name]>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `props` with every prop left out (undefined) set to its default; nested objects likewise. */
export function fillDefaults(
  defaults: Readonly<Record<string, unknown>>,
  props: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...props };
  for (const [name, value] of Object.entries(defaults)) {
    if (isObject(value)) {
      if (isObject(props[name])) out[name] = fillDefaults(value, props[name]);
    } else if (props[name] === undefined) out[name] = value;
  }
  return out;
}

/** Block `name`'s component taking its props as a definition gives them: its schema's defaults fill the gaps. */
export function withDefaults<Name extends keyof BlockPropsByName, Extra>(
  name: Name,
  component: ComponentType<Resolved<Name> & Extra>,
): ComponentType<BlockPropsByName[Name] & Extra> {
  return withDefaultsOf(blockDefaults[name], component) as ComponentType<BlockPropsByName[Name] & Extra>;
}

/** `component` taking its props with `defaults` filling the gaps (a site's block: its own defaults). */
export function withDefaultsOf<Props>(defaults: object, component: ComponentType<Props>): ComponentType<Partial<Props>> {
  const Block = (props: Partial<Props>) =>
    createElement(
      component as ComponentType<object>,
      fillDefaults(defaults as Readonly<Record<string, unknown>>, props as Record<string, unknown>),
    );
  Block.displayName = component.displayName ?? component.name;
  return Block;
}
