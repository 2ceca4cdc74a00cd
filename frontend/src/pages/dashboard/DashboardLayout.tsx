/** The dashboard's frame: the site layout whose navigation bar signs out (spec §2: Logout, then /signin). */
import { useNavigate } from 'react-router';
import { AuthProviders } from '../../auth/AuthShell';
import { signOut } from '../../auth/auth-client';
import { Layout } from '../../layout/Layout';

function DashboardFrame() {
  const navigate = useNavigate();
  const logout = async () => {
    try {
      await signOut();
    } catch (error) {
      // spec §8: a sign-out failure is only logged.
      console.error('Sign-out failed', error);
    }
    navigate('/signin', { replace: true });
  };
  return <Layout nav={{ signedIn: true, onLogout: logout }} />;
}

export default function DashboardLayout() {
  return (
    <AuthProviders>
      <DashboardFrame />
    </AuthProviders>
  );
}
