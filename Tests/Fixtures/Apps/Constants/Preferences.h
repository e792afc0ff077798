// Modelled on iTerm2's iTermPreferences.h (gnachman/iTerm2): keys declared
// extern in a header, defined in the implementation.
#import <Foundation/Foundation.h>

extern NSString *const kPreferenceKeySounds;
extern NSString *const kPreferenceKeyTheme;

@interface Preferences : NSObject
+ (void)registerDefaults;
@end
