import { Brand } from '@qbank/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const titles: Record<string, string> = {
  '/': 'Question banks for educators and learners',
  '/register': 'Register',
  '/userregistration': 'Complete registration',
  '/login': 'Sign In',
  '/resetpassword': 'Reset password',
  '/contact': 'Contact us',
  '/about': 'About',
  '/demos': 'Demos',
  '/error': 'Something went wrong',
  '/dashboard': 'Dashboard',
  '/account': 'Account Settings',
};

/** The page title is prefixed with the site's domain name (SPEC §2). */
export function usePageTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = titles[pathname.toLowerCase()];
    document.title = title ? `${Brand.domain} | ${title}` : Brand.domain;
  }, [pathname]);
}
