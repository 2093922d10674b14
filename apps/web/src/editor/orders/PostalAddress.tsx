import './orders.css';

// The editor's screens style the shared address view with orders.css.
export { PostalAddress } from '../../ui/PostalAddress.tsx';
