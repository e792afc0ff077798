#import "Preferences.h"

NSString *const kPreferenceKeySounds = @"sounds";
NSString *const kPreferenceKeyTheme = @"theme";

// Adjacent literals and constants make one key: "units".
#define kUnitsPrefix @"un"
#define kUnits kUnitsPrefix @"its"

@implementation Preferences

+ (void)registerDefaults {
  NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
  // No finding: sounds is registered as the bundle says.
  [defaults registerDefaults:@{ kPreferenceKeySounds: @YES }];
  // code-default-mismatch: a second call registers theme 1; the bundle says 2.
  [defaults registerDefaults:@{ kPreferenceKeyTheme: @1 }];
}

+ (BOOL)metric {
  // code-type-mismatch: units holds "metric" or "imperial"; boolForKey: reads false.
  return [[NSUserDefaults standardUserDefaults] boolForKey:kUnits];
}

@end
