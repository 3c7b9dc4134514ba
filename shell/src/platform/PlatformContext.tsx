import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { classifyPlatform, type Platform } from 'shared-kit';

/** The platform of this browser now (spec §2 classification). */
export function currentPlatform(): Platform {
  return classifyPlatform({
    userAgent: navigator.userAgent,
    width: window.innerWidth,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  });
}

export const PlatformContext = createContext<Platform>('pc');

/** Classifies once, then again on resize and rotation, so turning a tablet or resizing a window is followed. */
export function PlatformProvider({ children }: { children: ReactNode }) {
  const [platform, setPlatform] = useState<Platform>(currentPlatform);
  useEffect(() => {
    const update = () => setPlatform(currentPlatform());
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): Platform {
  return useContext(PlatformContext);
}
