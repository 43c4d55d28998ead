import { createRoot } from 'react-dom/client';
import 'zmp-ui/zaui.min.css';
import './styles.css';
import { MiniApp } from './app';
import { lang, t } from './i18n';

document.documentElement.lang = lang;
document.title = t('appTitle');
const root = document.getElementById('app');
if (root) createRoot(root).render(<MiniApp />);
