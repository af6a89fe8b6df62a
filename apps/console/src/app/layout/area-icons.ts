import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import LoyaltyOutlined from '@mui/icons-material/LoyaltyOutlined';
import AdsClickOutlined from '@mui/icons-material/AdsClickOutlined';
import AppSettingsAltOutlined from '@mui/icons-material/AppSettingsAltOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ComponentType } from 'react';
import type { AreaId } from '../area-registry.ts';

/**
 * The drawer icon of every area of the registry. Apart from `area-registry.ts` because the router (and
 * so the sign-in screen) needs the registry but not the icons, which load with the layout (ADR 0014).
 */
const AREA_ICONS: Record<AreaId, ComponentType> = {
  home: HomeOutlined,
  'analytics-dashboard': DashboardOutlined,
  analytics: InsightsOutlined,
  theme: PaletteOutlined,
  'content-settings': TuneOutlined,
  'community-management': GroupsOutlined,
  integrations: ExtensionOutlined,
  'server-settings': DnsOutlined,
  'registration-alerts': NotificationsActiveOutlined,
  'app-settings': AppSettingsAltOutlined,
  'readiness-checks': ChecklistOutlined,
  'registration-approval': HowToRegOutlined,
  moderation: GavelOutlined,
  scoring: EmojiEventsOutlined,
  staff: BadgeOutlined,
  tagging: LocalOfferOutlined,
  pages: DescriptionOutlined,
  categories: CategoryOutlined,
  menus: MenuOpenOutlined,
  'email-manager': MailOutlined,
  'broadcast-messages': CampaignOutlined,
  'promo-codes': ConfirmationNumberOutlined,
  loyalty: LoyaltyOutlined,
  advertising: AdsClickOutlined,
  webhooks: WebhookOutlined,
  invitations: ForwardToInboxOutlined,
  reactions: AddReactionOutlined,
  'media-library': PhotoLibraryOutlined,
  'audit-log': HistoryOutlined,
  'hub-features': FlagOutlined,
};

const byId = new Map<string, ComponentType>(Object.entries(AREA_ICONS));

export function areaIcon(id: string): ComponentType | undefined {
  return byId.get(id);
}
