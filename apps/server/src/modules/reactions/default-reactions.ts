import type { ReactionSentiment } from '@agora/contract';

/** Face drawings shared by the starting reactions (24×24, no text, no external reference). */
const face = (colour: string, features: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="${colour}"/>${features}</svg>`;
const eyes =
  '<circle cx="8.5" cy="9.5" r="1.5" fill="#4a3000"/><circle cx="15.5" cy="9.5" r="1.5" fill="#4a3000"/>';

/**
 * What every community starts with (written the first time its reactions are read): the default
 * "like", always active, and four more the staff may switch off, edit or replace.
 */
export const DEFAULT_REACTIONS: readonly {
  label: string;
  sentiment: ReactionSentiment;
  isDefault: boolean;
  svg: string;
}[] = [
  {
    label: 'like',
    sentiment: 1,
    isDefault: true,
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#1f6feb"/>' +
      '<path fill="#fff" d="M7 11h2.5v7H7zM10.5 18v-7l3-5c.9 0 1.5.7 1.4 1.6L14.5 10H18c.8 0 1.4.8 1.2 1.6l-1.3 5.2c-.2.7-.8 1.2-1.5 1.2z"/></svg>',
  },
  {
    label: 'love',
    sentiment: 1,
    isDefault: false,
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#e5484d"/>' +
      '<path fill="#fff" d="M12 18.5l-1-.9C7.4 14.4 5 12.2 5 9.6 5 7.5 6.6 6 8.6 6c1.2 0 2.4.6 3.4 1.5C13 6.6 14.2 6 15.4 6 17.4 6 19 7.5 19 9.6c0 2.6-2.4 4.8-6 8z"/></svg>',
  },
  {
    label: 'haha',
    sentiment: 1,
    isDefault: false,
    svg: face('#ffc53d', `${eyes}<path fill="#4a3000" d="M6.5 13h11a5.5 5.5 0 0 1-11 0z"/>`),
  },
  {
    label: 'wow',
    sentiment: 0,
    isDefault: false,
    svg: face('#ffc53d', `${eyes}<ellipse cx="12" cy="16" rx="2.5" ry="3" fill="#4a3000"/>`),
  },
  {
    label: 'sad',
    sentiment: -1,
    isDefault: false,
    svg: face(
      '#ffc53d',
      `${eyes}<path fill="none" stroke="#4a3000" stroke-width="1.6" stroke-linecap="round" d="M8 17.5c2.2-2.4 5.8-2.4 8 0"/>`,
    ),
  },
];
