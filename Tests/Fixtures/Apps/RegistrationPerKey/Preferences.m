#import "Preferences.h"

// Keys as constants, a dictionary filled with setObject:forKey: and registered
// once in +initialize, as tomighty/tomighty-osx's src/Tomighty/Preferences.m does.
NSString * const PREF_SOUNDS = @"sounds";
NSString * const PREF_THEME = @"theme";
NSString * const PREF_VOLUME = @"volume";

@implementation Preferences

+ (void)initialize
{
    static BOOL initialized = NO;
    if(!initialized)
    {
        initialized = YES;

        NSMutableDictionary *defaultValues = [NSMutableDictionary dictionary];
        [defaultValues setObject:[NSNumber numberWithBool:YES] forKey:PREF_SOUNDS];
        [defaultValues setObject:[NSNumber numberWithInt:2] forKey:PREF_THEME];

        [[NSUserDefaults standardUserDefaults] registerDefaults:defaultValues];
    }
}

+ (BOOL)playsSounds {
    return [[NSUserDefaults standardUserDefaults] boolForKey:PREF_SOUNDS];
}

+ (int)theme {
    return (int)[[NSUserDefaults standardUserDefaults] integerForKey:PREF_THEME];
}

// Left out of the registration: read as 0.0 until Settings is opened.
+ (double)volume {
    return [[NSUserDefaults standardUserDefaults] doubleForKey:PREF_VOLUME];
}

@end
