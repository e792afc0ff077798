#import "AppDelegate.h"

// The classic registerDefaultsFromSettingsBundle: every DefaultValue of
// Root.plist registered at launch, so reads see the bundle's defaults.
@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
  [self registerDefaultsFromSettingsBundle];
  return YES;
}

- (void)registerDefaultsFromSettingsBundle {
  NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
  NSString *bundlePath = [[NSBundle mainBundle] pathForResource:@"Settings" ofType:@"bundle"];
  if (!bundlePath) {
    return;
  }
  NSString *rootPath = [bundlePath stringByAppendingPathComponent:@"Root.plist"];
  NSDictionary *root = [NSDictionary dictionaryWithContentsOfFile:rootPath];
  NSArray *specifiers = [root objectForKey:@"PreferenceSpecifiers"];
  NSMutableDictionary *toRegister = [NSMutableDictionary dictionaryWithCapacity:specifiers.count];
  for (NSDictionary *specifier in specifiers) {
    NSString *key = [specifier objectForKey:@"Key"];
    id value = [specifier objectForKey:@"DefaultValue"];
    if (key && value) {
      [toRegister setObject:value forKey:key];
    }
  }
  [defaults registerDefaults:toRegister];
}

- (BOOL)playsSounds {
  return [[NSUserDefaults standardUserDefaults] boolForKey:@"sounds"];
}

- (double)volume {
  return [[NSUserDefaults standardUserDefaults] doubleForKey:@"volume"];
}

@end
