import type { AdPosition } from '@agora/contract';

/** The message of each of the eight positions (spec mgmt §9), written out so the language check finds them. */
export const POSITION_MESSAGE: Record<AdPosition, string> = {
  BELOW_TOPBAR: 'advertising.position.belowTopbar',
  BELOW_THE_POST: 'advertising.position.belowThePost',
  IN_POST_COMMENTS: 'advertising.position.inPostComments',
  RELATED_POSTS_COLUMN: 'advertising.position.relatedPostsColumn',
  TOOLS_COLUMN: 'advertising.position.toolsColumn',
  IN_STREAM: 'advertising.position.inStream',
  ABOVE_THE_STREAM: 'advertising.position.aboveTheStream',
  ABOVE_THE_STREAM_CATEGORY: 'advertising.position.aboveTheStreamCategory',
};
