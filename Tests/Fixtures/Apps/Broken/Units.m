#import <Foundation/Foundation.h>

static NSString * const kUnits = @"units";
#define kName @"name"

void configure(void) {
  NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
  // code-value-not-in-values
  [defaults setObject:@"kelvin" forKey:kUnits];
  // code-type-mismatch: a text field given an integer
  [defaults setInteger:3 forKey:kName];
  // code-default-mismatch
  [defaults registerDefaults:@{ kUnits: @"imperial" }];
}
